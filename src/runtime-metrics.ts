import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, Summary, type Metric } from 'prom-client';
import type { CrawlReport } from './crawl/crawler.js';
import type { Database } from './db/schema.js';
import type { EventProcessor } from './events/event-processor.js';
import type { FeedRankings } from './feed/feed-rankings.js';
import type { RankingBackend } from './feed/ranking-backend.js';
import type { ThreadedUserStateLoader } from './feed/user-state-loader.js';
import type { RankingFor, RankingReason } from './feed/user-ranker.js';
import type { Clock } from './lib/clock.js';
import { eventLoopDelaySinceLastScrape } from './ops/event-loop-delay.js';
import { readPipelineStatus, type PipelineStatus } from './ops/pipeline-status.js';
import { LATENCY_BUCKETS, type RouteStats } from './ops/route-stats.js';
import type { PushJobMeter } from './push/push-worker.js';
import type { ThumbnailMeter } from './thumbnails/thumbnail-service.js';
import type { WebhookMeter } from './webhooks/webhook-dispatcher.js';
import type { BackgroundThread } from './workers/background-thread.js';

/**
 * Every Prometheus metric of the service, in one place: names, help, labels
 * and buckets (/metrics is documented in docs/operations.md). The composition
 * root (deps.ts) makes the registry and hands each part a small recorder
 * (crawlMeter, pushMeter…) or registers gauges read from it at each scrape;
 * the app (app.ts) adds the request metrics and the pipeline's queues. No
 * other file makes a metric; workers/background-thread.ts merges serve's
 * worker thread's registry into the HTTP thread's.
 */

/**
 * A registry per runtime (not prom-client's global one, so tests can build many
 * apps): prom-client's default metrics, and the event-loop delay of the thread
 * that calls this (the HTTP thread) since the previous scrape.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const delay = eventLoopDelaySinceLastScrape();
  new Gauge({
    name: 'event_loop_delay_p99_seconds',
    help: "99th percentile of the HTTP thread's event-loop delay since the previous scrape (1 ms resolution).",
    registers: [registry],
    collect() {
      this.set(delay().p99);
    },
  });
  new Gauge({
    name: 'event_loop_delay_max_seconds',
    help: 'Longest event-loop delay of the HTTP thread since the previous scrape (1 ms resolution).',
    registers: [registry],
    collect() {
      this.set(delay().max);
    },
  });
  return registry;
}

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
  const crawls = new Counter({
    name: 'crawls_total',
    help: 'Finished crawls of sources, by status (completed, failed).',
    labelNames: ['status'],
    registers: [metrics],
  });
  const entries = new Counter({
    name: 'crawled_entries_total',
    help: 'Feed entries handled by crawls, by outcome (new, updated, duplicate, unchanged, failed).',
    labelNames: ['outcome'],
    registers: [metrics],
  });
  return {
    fresh: (seconds: number) => {
      freshness.observe(seconds);
    },
    crawled: (report: CrawlReport) => {
      crawls.inc({ status: report.status });
      for (const [outcome, n] of Object.entries(report.counts) as [string, number][]) if (n > 0) entries.inc({ outcome }, n);
    },
  };
}

/** The push worker's: push_jobs_total by outcome, push_job_duration_seconds of completed runs. */
export function pushMeter(metrics: Registry): PushJobMeter {
  const finished = new Counter({
    name: 'push_jobs_total',
    help: 'Push job runs ended here, by outcome.',
    labelNames: ['status'],
    registers: [metrics],
  });
  const duration = new Histogram({
    name: 'push_job_duration_seconds',
    help: 'Wall time of completed push job runs.',
    buckets: [1, 5, 15, 30, 60, 120, 300, 600],
    registers: [metrics],
  });
  return {
    runEnded(outcome, seconds) {
      if (outcome === 'completed') duration.observe(seconds);
      finished.inc({ status: outcome });
    },
  };
}

/** The webhook dispatcher's: webhook_deliveries_total by outcome, webhook_attempt_duration_seconds by result. */
export function webhookMeter(metrics: Registry): WebhookMeter {
  const settled = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook deliveries settled, by outcome (delivered, failed, cancelled).',
    labelNames: ['outcome'],
    registers: [metrics],
  });
  const durations = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Time of one webhook attempt, by result (delivered, retry, final).',
    labelNames: ['result'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics],
  });
  return {
    settled(outcome) {
      settled.inc({ outcome });
    },
    attempted(result, seconds) {
      durations.observe({ result }, seconds);
    },
  };
}

/** The thumbnail proxy's: thumbnails_encoded_total by format, thumbnail_originals_fetched_total. */
export function thumbnailMeter(metrics: Registry): ThumbnailMeter {
  const encoded = new Counter({
    name: 'thumbnails_encoded_total',
    help: 'Thumbnail variants encoded (cache misses everywhere).',
    labelNames: ['format'],
    registers: [metrics],
  });
  const originals = new Counter({
    name: 'thumbnail_originals_fetched_total',
    help: 'Original images fetched from their origin.',
    registers: [metrics],
  });
  return {
    encoded(format) {
      encoded.inc({ format });
    },
    originalFetched() {
      originals.inc();
    },
  };
}

/** The gauges read from the runtime's parts at each scrape: backlog, lists held, and each thread's CPU. */
export function registerRuntimeGauges(
  metrics: Registry,
  parts: {
    events: EventProcessor;
    userStates: ThreadedUserStateLoader | null;
    ranker: RankingBackend;
    rankings: FeedRankings;
    background: BackgroundThread | null;
  },
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
  threadCpuGauge(
    metrics,
    'event_thread_cpu_seconds_total',
    'CPU time used by the event thread applying events, from /proc; 0 when events are applied on the main thread.',
    () => events.threadCpuSeconds(),
  );
  threadCpuGauge(
    metrics,
    'user_state_thread_cpu_seconds_total',
    "CPU time used by the thread that reads users' feed states from a SQLite file, from /proc; 0 when they are read on the main thread.",
    () => userStates?.cpuSeconds() ?? null,
  );
  threadCpuGauge(
    metrics,
    'feed_ranking_thread_cpu_seconds_total',
    'CPU time used by the ranking threads (rankings, sweeps, pool refreshes), from /proc; 0 when ranking runs on the HTTP thread.',
    () => ranker.cpuSeconds(),
  );
  threadCpuGauge(
    metrics,
    'worker_thread_cpu_seconds_total',
    "CPU time used by serve's worker thread (events, crawls, push jobs, webhooks, learning), from /proc; 0 without one.",
    () => background?.cpuSeconds() ?? null,
  );
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

/**
 * The pipeline's queues (ops/pipeline-status.ts), as the console's pipeline page
 * shows them: one read per scrape, shared by the gauges read in that scrape
 * (events_unprocessed, the backlog alone, is registerRuntimeGauges').
 */
export function registerPipelineGauges(registry: Registry, deps: { db: Kysely<Database>; clock: Clock }): void {
  let pending: Promise<PipelineStatus> | null = null;
  const status = () => {
    pending ??= readPipelineStatus(deps.db, deps.clock.now()).finally(() => queueMicrotask(() => (pending = null)));
    return pending;
  };
  new Gauge({
    name: 'crawl_sources',
    help: 'Sources by crawl state: due (waiting for a crawler), crawling (leased), failing (backing off).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { crawl } = await status();
      for (const [state, n] of Object.entries(crawl)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'events_lag_seconds',
    help: 'How long the oldest accepted event not yet applied has waited (0 without a backlog).',
    registers: [registry],
    async collect() {
      this.set((await status()).events.lagSeconds);
    },
  });
  new Gauge({
    name: 'push_jobs_active',
    help: 'Push jobs waiting (pending) or running (processing), fleet-wide.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { pushJobs } = await status();
      for (const [state, n] of Object.entries(pushJobs)) this.set({ status: state }, n);
    },
  });
  new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to be sent or retried, fleet-wide.',
    registers: [registry],
    async collect() {
      this.set((await status()).webhooks.pending);
    },
  });
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, read from each
 * route's RouteStats (ops/route-stats.ts) at each scrape.
 */
export function registerRequestMetrics(registry: Registry, stats: () => Iterable<RouteStats>): void {
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      // Totals since start, so a reset between scrapes cannot lose counts.
      this.reset();
      for (const s of stats()) {
        for (const [status, n] of s.byStatus) this.inc({ method: s.method, route: s.route, status }, n);
      }
    },
  });
  registry.registerMetric(latencyHistogram(stats) as unknown as Metric);
}

/**
 * A histogram as prom-client's Registry reads one (`name`, `help`, `type` and
 * `get()`, the same values a prom-client Histogram gives): prom-client has no
 * way to fill a Histogram from counts kept elsewhere.
 */
function latencyHistogram(stats: () => Iterable<RouteStats>) {
  const name = 'http_request_duration_seconds';
  return {
    name,
    help: 'Time from request received to response sent, by method and route pattern.',
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    async get() {
      const values: { value: number; labels: Record<string, string | number>; metricName: string }[] = [];
      for (const s of stats()) {
        if (s.count === 0) continue;
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({ value: cumulative, labels: { le, ...labels }, metricName: `${name}_bucket` });
        });
        values.push({ value: s.count, labels: { le: '+Inf', ...labels }, metricName: `${name}_bucket` });
        values.push({ value: s.sum, labels, metricName: `${name}_sum` });
        values.push({ value: s.count, labels, metricName: `${name}_count` });
      }
      return { name, help: this.help, type: this.type, aggregator: this.aggregator, values };
    },
    reset() {
      for (const s of stats()) {
        s.buckets.fill(0);
        s.sum = 0;
        s.count = 0;
      }
    },
  };
}
