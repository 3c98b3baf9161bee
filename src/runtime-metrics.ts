import { Counter, Gauge, Histogram, Summary, type Registry } from 'prom-client';
import type { CrawlReport } from './crawl/crawler.js';
import type { EventProcessor } from './events/event-processor.js';
import type { FeedRankings } from './feed/feed-rankings.js';
import type { RankingBackend } from './feed/ranking-backend.js';
import type { ThreadedUserStateLoader } from './feed/user-state-loader.js';
import type { RankingFor, RankingReason } from './feed/user-ranker.js';
import type { BackgroundThread } from './workers/background-thread.js';

/**
 * The runtime's own metrics (deps.ts), beside prom-client's defaults and the
 * event-loop delay (ops/metrics.ts): what the composition root's parts count,
 * and the CPU of the threads it starts.
 */

export function keyLookupCounter(metrics: Registry): Counter {
  return new Counter({
    name: 'api_key_lookups_total',
    help: 'API keys looked up in the database (key cache misses; malformed keys never are).',
    registers: [metrics],
  });
}

export function eventLagSummary(metrics: Registry): Summary {
  return new Summary({
    name: 'event_processing_lag_seconds',
    help: 'Time from an event being accepted (202) to its effect being committed.',
    percentiles: [0.5, 0.9, 0.99],
    maxAgeSeconds: 60,
    ageBuckets: 5,
    registers: [metrics],
  });
}

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
    help: "Time a ranking waited to be ranked (the ranking thread's queue and the passage to it and back), by who waited for it: a request, or nobody (background).",
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

/** The crawler's: content_freshness_seconds, crawls_total and crawled_entries_total. */
export function crawlMeter(metrics: Registry) {
  const freshness = new Histogram({
    name: 'content_freshness_seconds',
    help: 'Time from an article appearing in a polled feed to being servable (an upper bound: the previous poll when its date is older).',
    buckets: [5, 10, 20, 30, 45, 60, 90, 120, 300, 600, 1800, 3600],
    registers: [metrics],
  });
  const crawls = new Counter({ name: 'crawls_total', help: 'Finished crawls of sources, by status (completed, failed).', labelNames: ['status'], registers: [metrics] });
  const entries = new Counter({
    name: 'crawled_entries_total',
    help: 'Feed entries handled by crawls, by outcome (new, updated, duplicate, unchanged, failed).',
    labelNames: ['outcome'],
    registers: [metrics],
  });
  return {
    fresh(seconds: number) {
      freshness.observe(seconds);
    },
    crawled(report: CrawlReport) {
      crawls.inc({ status: report.status });
      for (const [outcome, n] of Object.entries(report.counts)) if (n > 0) entries.inc({ outcome }, n);
    },
  };
}

/** The gauges read from the runtime's parts at each scrape: backlog, lists held, and each thread's CPU. */
export function registerRuntimeGauges(
  metrics: Registry,
  parts: { events: EventProcessor; userStates: ThreadedUserStateLoader | null; ranker: RankingBackend; rankings: FeedRankings; background: BackgroundThread | null },
): void {
  const { events, userStates, ranker, rankings, background } = parts;
  new Gauge({
    name: 'events_unprocessed',
    help: 'Accepted events not yet applied (the processing backlog).',
    registers: [metrics],
    // Read from the database: serve's worker thread reports the same backlog (its /metrics merged: background-thread.ts).
    aggregator: 'first',
    async collect() {
      this.set(await events.backlog());
    },
  });
  new Gauge({
    name: 'feed_ranked_lists',
    help: 'Ranked feed lists held by this process (about one per active user and area context).',
    registers: [metrics],
    collect() {
      this.set(rankings.size);
    },
  });
  threadCpuGauge(metrics, 'event_thread_cpu_seconds_total', 'CPU time used by the event thread applying events, from /proc; 0 when events are applied on the main thread.', () => events.threadCpuSeconds());
  threadCpuGauge(metrics, 'user_state_thread_cpu_seconds_total', "CPU time used by the thread that reads users' feed states from a SQLite file, from /proc; 0 when they are read on the main thread.", () => userStates?.cpuSeconds() ?? null);
  threadCpuGauge(metrics, 'feed_ranking_thread_cpu_seconds_total', 'CPU time used by the ranking threads (rankings, sweeps, pool refreshes), from /proc; 0 when ranking runs on the HTTP thread.', () => ranker.cpuSeconds());
  threadCpuGauge(metrics, 'worker_thread_cpu_seconds_total', "CPU time used by serve's worker thread (events, crawls, push jobs, webhooks, learning), from /proc; 0 without one.", () => background?.cpuSeconds() ?? null);
}

/** A `<name>_cpu_seconds_total` gauge of a thread's CPU time, from /proc (left at 0 while `seconds` says null: work on the main thread). */
function threadCpuGauge(metrics: Registry, name: string, help: string, seconds: () => number | null): void {
  new Gauge({
    name,
    help,
    registers: [metrics],
    collect() {
      const value = seconds();
      if (value !== null) this.set(value);
    },
  });
}
