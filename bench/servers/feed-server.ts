import { startBenchService } from '../lib/bench-service.js';

/**
 * The real service on a generated database (bench/lib/bench-service.ts) with
 * the `bench` feed scenario. Warms the feed up (its time is the cold start:
 * pool and vector index built), then prints READY. (bench/feed.bench.ts runs
 * `content-feed serve` itself: bench/lib/feed-node.ts.)
 */
const service = await startBenchService({
  algorithm: { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] },
  scenarios: { bench: 'feed' },
});

// Anonymous first (loads the pool), then a user with a history (the first vector
// search trains the index): the cold start, kept out of the measured runs.
const started = performance.now();
for (const query of ['', '&user_id=user_1']) {
  const response = await service.app.inject({ method: 'GET', url: `/v1/feed?scenario=bench${query}`, headers: service.headers });
  if (response.statusCode !== 200) throw new Error(`warm-up GET /v1/feed${query}: ${response.statusCode} ${response.body}`);
}
const coldMs = performance.now() - started;

service.ready(`${service.address}/v1/feed?scenario=bench`, { coldMs: coldMs.toFixed(0) });
