import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRow } from './contents-pipeline.bench.js';
import { FEED_DATA } from './feed.bench.js';
import { scheduleSessions, sessionStream, type SessionPlan } from './lib/app-traffic.js';
import { withDatabase, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { eventsStored } from './lib/events-stored.js';
import { generateFeedData } from './lib/feed-data.js';
import { startFeedNode } from './lib/feed-node.js';
import { pagesOf } from './lib/feed-report.js';
import { closedWindow, measuredTarget } from './lib/feed-windows.js';
import { pushJobsEvery } from './lib/periodic-push.js';
import { watchProcess } from './lib/process-samples.js';
import { metric, scrapeMetrics } from './lib/service-metrics.js';
import { runOpenLoop } from './lib/session-load.js';
import { soakRows } from './lib/soak-report.js';
import { untilIdle } from './lib/until-idle.js';
import { upsertUsers } from './lib/user-upserts.js';

/** SOAK_MINUTES: how long the load holds (default 30). */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/**
 * SOAK_PAGES_PER_SECOND: hold this rate instead of half the capacity measured (issue 17: on a shared machine the
 * capacity run measured 10 pages/s, too little traffic to show what grows with it; before/after runs need one rate).
 */
const FIXED_RATE = process.env.SOAK_PAGES_PER_SECOND === undefined ? null : Number(process.env.SOAK_PAGES_PER_SECOND);
/** Capacity: closed-loop app sessions on this many connections for CAPACITY_SECONDS, after a short warm-up. */
const CAPACITY_CONNECTIONS = 10;
const CAPACITY_SECONDS = 20;
/** Open loop: as the feed benchmark, enough connections that a steady rate never waits for one. */
const OPEN_CONNECTIONS = 128;
const USER_UPSERTS_PER_SECOND = 5;
const PUSH_EVERY_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 10_000;
const DRAIN_LIMIT_MS = 120_000;
/** Session ids of the soak's own events, so warm-up and capacity events are not counted. */
const SESSION_PREFIX = 'soak-';

/** App sessions (bench/lib/app-traffic.ts) that also post an impression for every item they are shown. */
const withImpressions = (next: () => SessionPlan) => () => ({ ...next(), impressions: true });

/**
 * Issue 17, soak: one node (`content-feed serve`, event processor and push
 * worker in its process) on the feed benchmark's generated data, held for
 * SOAK_MINUTES at half its capacity, measured just before in this run by a
 * closed loop of the same sessions. The mix: app sessions open loop (pages,
 * session_start, impressions of every item shown, clicks), user upserts, a
 * push job for every user each 5 minutes. Watched every 10 s: RSS, open file
 * descriptors, the HTTP thread's event-loop delay. Then the event backlog is
 * drained and every acknowledged event is looked for in the database.
 */
export async function soakBench(_seconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => soak(backend, database));
}

async function soak(backend: BenchBackend, database: BenchDatabase): Promise<BenchRow[]> {
  const data = await generateFeedData({ databaseUrl: database.url, ...FEED_DATA });
  const { target: feed } = await startFeedNode(backend, database, data);
  try {
    const pg = backend.name === 'postgres+redis';
    const measured = measuredTarget(feed, { database: pg ? new URL(database.url).pathname.slice(1) : null, redis: pg });
    const pid = feed.child.pid!;
    const baseUrl = feed.info.baseUrl!;

    // Boot's learning (categories, item vectors, collaborative models) runs on serve's worker
    // thread after start: a capacity measured under it was 126 pages/s against 157 once idle.
    const booted = await untilIdle([pid], 180_000);
    console.log(`soak: node idle ${booted.toFixed(0)} s after start`);
    await closedWindow(measured, CAPACITY_CONNECTIONS, 5, { sessions: withImpressions(sessionStream(1, 'warm')) });
    const capacityRun = await closedWindow(measured, CAPACITY_CONNECTIONS, CAPACITY_SECONDS, {
      sessions: withImpressions(sessionStream(2, 'capacity')),
    });
    const capacity = pagesOf(capacityRun).servedPerSecond;
    const pagesPerSecond = FIXED_RATE ?? Math.max(1, Math.round(capacity / 2));
    console.log(
      `soak: capacity ${capacity.toFixed(0)} pages/s (closed loop, ${CAPACITY_CONNECTIONS} conn); ${MINUTES} min at ` +
        `${pagesPerSecond} pages/s`,
    );
    await untilIdle([pid]);

    const seconds = MINUTES * 60;
    const sessions = scheduleSessions(withImpressions(sessionStream(3, SESSION_PREFIX.slice(0, -1))), pagesPerSecond, seconds, 4);
    const startAt = performance.now() + 500;
    const endAt = startAt + seconds * 1000;
    const watch = watchProcess(pid, baseUrl, SAMPLE_EVERY_MS);
    const [run, users, pushes] = await Promise.all([
      runOpenLoop({ target: measured.load, connections: OPEN_CONNECTIONS, sessions, startAt, scheduleMs: seconds * 1000, graceMs: 5000 }),
      sleep(500).then(() =>
        upsertUsers(measured.load, { perSecond: USER_UPSERTS_PER_SECOND, users: FEED_DATA.users, untilAt: endAt, seed: 5 }),
      ),
      sleep(500).then(() =>
        pushJobsEvery(baseUrl, feed.headers, { everyMs: PUSH_EVERY_MS, untilAt: endAt, scenario: 'bench-push', limitMs: PUSH_EVERY_MS }),
      ),
      sleep(seconds * 1000 + 500),
    ]);
    const samples = await watch.stop();
    // The series behind the slope, a sample a minute, so a run's log shows the shape (push jobs every 5 min, caches filling).
    for (const x of samples.filter((_, i) => i % 6 === 0)) {
      console.log(
        `soak ${((x.at - startAt) / 60_000).toFixed(1)} min: RSS ${x.rssMb.toFixed(0)} MB (anonymous ` +
          `${x.rssAnonMb.toFixed(0)}, HTTP thread heap ${x.heapMb.toFixed(0)}), ${x.fds} fds, event-loop p99 ` +
          `${x.loopP99Ms.toFixed(1)} ms, ${x.lists} ranked lists`,
      );
    }

    const drainStarted = performance.now();
    let backlog = metric(await scrapeMetrics(baseUrl), 'events_unprocessed') ?? NaN;
    while (backlog !== 0 && performance.now() - drainStarted < DRAIN_LIMIT_MS) {
      await sleep(500);
      backlog = metric(await scrapeMetrics(baseUrl), 'events_unprocessed') ?? NaN;
    }
    const drain = { seconds: (performance.now() - drainStarted) / 1000, backlog };
    await feed.stop();
    const events = await eventsStored(database.url, SESSION_PREFIX);
    return soakRows({
      minutes: MINUTES,
      capacity,
      fixedRate: FIXED_RATE !== null,
      pagesPerSecond,
      run,
      window: { from: startAt, to: endAt },
      users,
      pushes,
      samples,
      drain,
      events,
    });
  } finally {
    await feed.stop();
  }
}
