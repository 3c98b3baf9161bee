import { startBenchService } from '../lib/bench-service.js';

/**
 * The real service on a generated database (bench/lib/bench-service.ts) with
 * the `bench-push` push scenario and the push worker running; prints READY
 * with the job endpoint as its url once the service has loaded its content
 * pool (as a worker does in the background at start), reporting how long that
 * took: a per-process cost, not a per-job one.
 */
const service = await startBenchService({
  algorithm: { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] },
  // The feed scenario measures what a job costs the feed's latency on the same node.
  scenarios: { 'bench-push': 'push', 'bench-feed': 'feed' },
});
await service.runtime.deps.pushWorker.runner.warmUp();
// performance.now() counts from the process start: boot, migrations, gazetteer and the pool.
const warmUpSeconds = (performance.now() / 1000).toFixed(1);
service.ready(`${service.address}/v1/push-candidates`, { scenario: 'bench-push', warmUpSeconds });
