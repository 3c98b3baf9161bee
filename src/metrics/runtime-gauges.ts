import { Gauge, type Registry } from 'prom-client';
import type { EventProcessor } from '../events/event-processor.js';
import type { FeedRankings } from '../feed/feed-rankings.js';
import type { RankingBackend } from '../feed/ranking-backend.js';
import type { ThreadedUserStateLoader } from '../feed/user-state-loader.js';
import type { BackgroundThread } from '../workers/background-thread.js';

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
