import { defineConfig } from 'vitest/config';
import SlowFilesFirst from './test/helpers/slow-files-first.js';

/**
 * Files of pure functions: no app, server, thread, vi.mock or spy left in place, fake
 * timer or environment change. They share one process per worker (isolate: false), so
 * their modules load once, not once per file: 34 files in 29 s instead of 43 s, 15 s of
 * CPU instead of 27 s. A file added here must keep to that: a later file sees what it left.
 */
const SHARED_PROCESS = [
  'test/analysis/**/*.test.ts',
  'test/ranking/**/*.test.ts',
  'test/extract/**/*.test.ts',
  'test/areas/area-file.test.ts',
  'test/areas/gazetteer.test.ts',
  'test/areas/group-stations.test.ts',
  'test/areas/tag-areas.test.ts',
  'test/changes/change-payloads.test.ts',
  'test/learning/fit-weights.test.ts',
  'test/learning/implicit-als.test.ts',
  'test/feed/ranked-list.test.ts',
  'test/metering/billing-cycle.test.ts',
  'test/crawl/backoff.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only add contention (and PostgreSQL connections).
    maxWorkers: 2,
    // The longest files first, so that the two workers finish together.
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: SHARED_PROCESS,
          // Migrates one database per backend, which every test database is a copy of; builds the built-in
          // areas once, which every app and child server reads (BUILTIN_AREAS_FILE); decides whether child
          // servers and CLI commands run dist/ or the sources (TEST_MAIN_FROM). Here, not at the top: a
          // top-level global setup runs once for the root and again for each project that extends it.
          globalSetup: ['test/helpers/template-databases.ts', 'test/helpers/builtin-areas-once.ts', 'test/helpers/dist-freshness.ts'],
        },
      },
      // Vitest runs a project's files after those of projects named before it: these short ones fill the end.
      { extends: true, test: { name: 'shared', include: SHARED_PROCESS, isolate: false } },
    ],
  },
});
