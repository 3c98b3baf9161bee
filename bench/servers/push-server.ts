import { startBenchService } from '../lib/bench-service.js';

/**
 * The real service on a generated database (bench/lib/bench-service.ts) with
 * the `bench-push` push scenario and the push worker running; prints READY
 * with the job endpoint as its url. Nothing is warmed up: the job's first
 * batch pays for loading the pool, as it would in production.
 */
const service = await startBenchService({
  name: 'bench-push',
  type: 'push',
  algorithm: { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] },
});
service.ready(`${service.address}/v1/push-candidates`, { scenario: 'bench-push' });
