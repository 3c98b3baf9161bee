import { Counter, Histogram, type Registry } from 'prom-client';
import type { RankingFor, RankingReason } from '../feed/user-ranker.js';

/** feed_rankings_total and feed_ranking_seconds_total: how many rankings, and the time they took where they ran. */
export function rankingMeter(metrics: Registry) {
  const count = new Counter({
    name: 'feed_rankings_total',
    help: 'Rankings, in ranking threads or inline, by reason: a feed list, a cursor chain continued past its list, a push job user.',
    labelNames: ['reason'] as const,
    registers: [metrics],
  });
  const seconds = new Counter({
    name: 'feed_ranking_seconds_total',
    help: 'Time spent ranking, measured in the thread that ranked (wall time there; the thread does nothing else).',
    registers: [metrics],
  });
  const waited = new Histogram({
    name: 'feed_ranking_wait_seconds',
    help:
      "Time a ranking waited to be ranked (the ranking thread's queue and the passage to it and back), by who " +
      'waited for it: a request, or nobody (background).',
    labelNames: ['for'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics],
  });
  return {
    ranked(reason: RankingReason, ms: number, waitedMs: number, waiting: RankingFor) {
      count.labels(reason).inc();
      seconds.inc(ms / 1000);
      waited.labels(waiting).observe(waitedMs / 1000);
    },
  };
}
