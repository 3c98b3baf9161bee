import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest test files of a CI run, longest first (a clean-clone `.ci/run` of d90a22d on
 * CI's 2 cores at load 9-10, 2026-11-28: 118 s for responsive down to 34 s; the two halves of
 * openapi-fuzz and kill-9-consistency by their halves' times then). Vitest orders a clean
 * checkout (no results cache) by file size, so in that run a long file could start near the
 * end: the tests took 2,241 s for 3,448 s of files on two workers, 517 s more than half.
 * Started first, the long files overlap the short ones. A file missing here runs in Vitest's
 * own order after these; a stale entry costs nothing.
 */
const SLOWEST = [
  'test/console-e2e/responsive.test.ts',
  'test/fleet/fleet.test.ts',
  'test/push/push-shared-job.test.ts',
  'test/http/openapi-fuzz-postgres.test.ts',
  'test/events/crash-durability.test.ts',
  'test/events/kill-9-power-cut.test.ts',
  'test/push/push-crash.test.ts',
  'test/console/login-limits.test.ts',
  'test/feed/feed-lists.test.ts',
  'test/cli/worker.test.ts',
  'test/cli/serve-worker-thread.test.ts',
  'test/events/kill-9-consistency.test.ts',
  'test/readme/readme-walkthrough.test.ts',
  'test/console-e2e/hide-delete-role.test.ts',
  'test/http/openapi-fuzz-sqlite.test.ts',
  'test/events/nats-kill-9.test.ts',
  'test/cli/serve-demo.test.ts',
  'test/http/rate-limit-redis.test.ts',
  'test/console-e2e/algorithm-preview.test.ts',
  'test/console-e2e/user-events-and-trend-filters.test.ts',
  'test/push/ranking-thread-death.test.ts',
  'test/console-e2e/small-fixes.test.ts',
  'test/console-e2e/login-and-api-keys.test.ts',
  'test/experiments/experiment-simulation.test.ts',
  'test/console-e2e/source-page.test.ts',
  'test/push/push-ranking-threads.test.ts',
];

/** Vitest's order (results cache, else size), with SLOWEST's files moved to the front in its order. */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return at === -1 ? SLOWEST.length : at;
    };
    // Array.prototype.sort is stable: the files not listed keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
