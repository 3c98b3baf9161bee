import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../src/lib/seeded-random.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { scheduleSessions, sessionStream } from './lib/app-traffic.js';
import { serverEnv, withDatabase, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { startTarget, type BenchTarget } from './lib/child.js';
import { profileTable, topFunctions } from './lib/cpu-profile.js';
import { cachedFeedData } from './lib/feed-data-cache.js';
import { listMemory } from './lib/list-memory.js';
import { startFeedNode } from './lib/feed-node.js';
import { closedRounds, closedValue, coresUsed, cpuPerAnswer, eventsValue, pagesOf, pagesValue } from './lib/feed-report.js';
import { closedWindow, measuredTarget, openWindow, serviceMsPer, type Measured, type MeasuredTarget } from './lib/feed-windows.js';
import { senderLateP99, fmtMs } from './lib/load-summary.js';
import { cpuByThread, eventLoopDelay, metric, rankingCost, rankingWait, scrapeMetrics, type Scrape } from './lib/service-metrics.js';
import { untilIdle } from './lib/until-idle.js';

const ROUNDS = 3;
/** Closed loop: requests in flight, the same for bare, floor and feed. */
const CONNECTIONS = 10;
/** Open loop: enough that 1,000 pages/s (with their events) never wait for a connection while answers take < 100 ms. */
const OPEN_CONNECTIONS = 128;
const RATES = [
  { pagesPerSecond: 500, target: 'p99 < 25 ms' },
  { pagesPerSecond: 1000, target: 'p99 < 50 ms' },
];
/** Feed traffic while the push job runs: light, so what the job does to the HTTP thread shows. */
const PUSH_RATE = 100;
/** Open loop: sessions build up to their steady mix of first and later pages before the window (a session lasts up to 6 s). */
const RAMP_MS = 4000;
/** Open loop: what is still out this long after the schedule ends is dropped and counted as unanswered. */
const GRACE_MS = 5000;
const USERS = 100_000;
const MB = 2 ** 20;
/**
 * BENCH_FEED_PROFILE=1: CPU-profile the feed server and print where its time
 * went in the app-traffic rounds and the 500 pages/s window (the profiler slows it: numbers of such a run are not comparable).
 */
const PROFILE = process.env.BENCH_FEED_PROFILE === '1';
/**
 * BENCH_FEED_RATES=1000 (comma-separated): only the open-loop windows at these
 * rates, nothing else, to compare one window between versions in alternating runs
 * (with BENCH_FEED_DATA, bench/lib/feed-data-cache.ts, on the same data).
 */
const ONLY_RATES = process.env.BENCH_FEED_RATES?.split(',').map(Number);
/** A performance.now() time in µs of the monotonic clock V8 stamps profile samples with. */
const toProfileUs = (ms: number) => Math.round(Number(process.hrtime.bigint() / 1000n) - (performance.now() - ms) * 1000);

/**
 * The request mix of issues 5 and 8 (fleet.bench.ts): 40 % anonymous, 60 % one
 * of the 100,000 registered users; a fifth of all requests ask for 渋谷 at
 * station level. First pages only, default limit (20).
 */
export function feedPath(random: () => number): string {
  let query = '/v1/feed?scenario=bench';
  if (random() >= 0.4) query += `&user_id=user_${1 + Math.floor(random() * USERS)}`;
  if (random() < 0.2) query += `&area_names=${encodeURIComponent('渋谷')}&area_level=station`;
  return query;
}

/** The data of the feed benchmarks (this one and fleet.bench.ts). */
export const FEED_DATA = {
  items: 100_000,
  sources: 50,
  users: USERS,
  usersWithHistory: 10_000,
  historyPerUser: 20,
  publishedWithinHours: 72,
} as const;

interface FeedPage {
  items: { id: string; score: number }[];
}

/** One request of each kind answered 200 with items, before anything is timed; returns the anonymous page and its size. */
async function checkFeed(target: BenchTarget): Promise<{ page: FeedPage; bytes: number }> {
  let anonymous: { page: FeedPage; bytes: number } | undefined;
  for (const suffix of ['', '&user_id=user_1', '&user_id=user_2&area_names=%E6%B8%8B%E8%B0%B7&area_level=station']) {
    const response = await fetch(`${target.url}${suffix}`, { headers: target.headers });
    const text = await response.text();
    const page = JSON.parse(text) as FeedPage;
    if (response.status !== 200 || !page.items?.length) throw new Error(`GET /v1/feed${suffix}: ${response.status} ${text.slice(0, 500)}`);
    anonymous ??= { page, bytes: Buffer.byteLength(text) };
  }
  return anonymous!;
}

async function pageBytes(target: BenchTarget): Promise<number> {
  return Buffer.byteLength(await (await fetch(target.url, { headers: target.headers })).text());
}

/** CPU per page of the single node (SQLite) at 500 pages/s in this invocation: the fleet target compares PostgreSQL + Redis with it. */
let singleNodeMsPerPage: number | undefined;

/**
 * Issue 15: GET /v1/feed under app-shaped traffic (bench/lib/app-traffic.ts) on
 * generated data (100,000 users, 10,000 with histories; 100,000 live items, 50
 * sources) on `backend`: alternating closed-loop rounds of the bare route, the
 * floor (bench/servers/floor-server.ts) and the feed; registered users' first
 * pages alone; the feed open-loop at 500 and 1,000 pages/s (latency from each
 * request's due time); then a 100,000-user push job with light feed traffic.
 * CPU of every process serving the feed from /proc, the service's own metrics
 * from /metrics (n/a where this version of the service has none).
 */
export async function feedBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) =>
    withDatabase(backend, (floorDatabase) => measure(durationSeconds, backend, database, floorDatabase)),
  );
}

async function measure(seconds: number, backend: BenchBackend, database: BenchDatabase, floorDatabase: BenchDatabase): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const data = await cachedFeedData({ databaseUrl: database.url, ...FEED_DATA }, process.env.BENCH_FEED_DATA);
  const generated = Object.entries(data.rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
    .join(', ');
  const how = data.seconds === 0 ? `copied from ${process.env.BENCH_FEED_DATA}.sqlite` : `${data.seconds.toFixed(1)} s`;
  rows.push({ name: 'feed data generated (direct inserts)', value: `${how}: ${generated}` });

  const targets: BenchTarget[] = [];
  try {
    const bare = await startTarget('bench/servers/bare-server.ts');
    targets.push(bare);
    const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'cf-bench-feed-prof-')) : null;
    const { target: feed, boot } = await startFeedNode(
      backend,
      database,
      data,
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    /** The feed's measured windows (µs of the monotonic clock) that the profile is cut to. */
    const spans: [number, number][] = [];
    targets.push(feed);
    const anonymous = await checkFeed(feed);
    const floor = await startTarget('bench/servers/floor-server.ts', {
      ...serverEnv(backend, floorDatabase),
      FLOOR_ITEMS_FROM: database.url,
      FLOOR_ITEMS: JSON.stringify(anonymous.page.items.map((i) => ({ id: i.id, score: i.score }))),
    });
    targets.push(floor);
    const floorBytes = await pageBytes(floor);
    const feedPid = feed.child.pid!;
    const quiet = await untilIdle([feedPid]);
    const readyMb = (metric(await scrapeMetrics(feed.info.baseUrl!), 'process_resident_memory_bytes') ?? NaN) / MB;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(
      {
        name: 'feed server boot + first feed (pool, index)',
        value:
          `${s(boot.firstPersonalMs)}, first feeds after listening ` +
          `${(boot.firstPersonalMs - boot.listeningMs).toFixed(0)} ms, RSS ${readyMb.toFixed(0)} MB; then ` +
          `${quiet.toFixed(0)} s more until idle (< 0.2 cores for 1 s)`,
      },
      {
        name: 'boot: process start → first 200 feed with items (`node dist/main.js serve`, as production)',
        value: `${s(boot.firstFeedMs)} anonymous, ${s(boot.firstPersonalMs)} personalised (listening at ${s(boot.listeningMs)})`,
        target: '< 2 s',
      },
      {
        name: "floor: the feed's anonymous first page (20 items), fixed",
        value: `${(floorBytes / 1024).toFixed(1)} KB a page (the feed's ${(anonymous.bytes / 1024).toFixed(1)} KB)`,
      },
    );

    const pg = backend.name === 'postgres+redis';
    const databaseName = (url: string) => (pg ? new URL(url).pathname.slice(1) : null);
    const bareT = measuredTarget(bare, { database: null, redis: false });
    const floorT = measuredTarget(floor, { database: databaseName(floorDatabase.url), redis: pg });
    const feedT = measuredTarget(feed, { database: databaseName(database.url), redis: pg });

    // Warm-up (JIT, caches), then alternating closed-loop rounds on the same connections.
    const barePath = () => new URL(bare.url).pathname;
    await closedWindow(bareT, CONNECTIONS, 2, { path: barePath });
    await closedWindow(floorT, CONNECTIONS, 2, { sessions: sessionStream(1, 'warm-floor') });
    await closedWindow(feedT, CONNECTIONS, 2, { sessions: sessionStream(1, 'warm-feed') });
    const atStart = await scrapeMetrics(feedT.baseUrl);
    if (!ONLY_RATES) rows.push(...(await closedRows(bareT, floorT, feedT, barePath, seconds, spans)));
    for (const { pagesPerSecond, target } of RATES.filter((r) => !ONLY_RATES || ONLY_RATES.includes(r.pagesPerSecond))) {
      const waited = await untilIdle([feedPid]);
      const sessions = scheduleSessions(
        sessionStream(200 + pagesPerSecond, `open-${pagesPerSecond}`),
        pagesPerSecond,
        RAMP_MS / 1000 + seconds,
        300 + pagesPerSecond,
      );
      const m = await openWindow(feedT, { connections: OPEN_CONNECTIONS, sessions, rampMs: RAMP_MS, seconds, graceMs: GRACE_MS });
      if (pagesPerSecond === 500 || ONLY_RATES) spans.push([toProfileUs(m.window.from), toProfileUs(m.window.to)]);
      const pages = pagesValue(m);
      const perPage = serviceMsPer(m, pages.all.served).total;
      if (pagesPerSecond === 500 && !pg) singleNodeMsPerPage = perPage;
      const label = `GET /v1/feed at ${pagesPerSecond} pages/s offered (open loop, ${OPEN_CONNECTIONS} conn)`;
      rows.push(
        {
          name: label,
          value: `${pages.text}; waited ${waited.toFixed(0)} s for idle; generator late p99 ${fmtMs(senderLateP99(m.run))}`,
          target,
        },
        { name: `${label}: events`, value: eventsValue(m) },
        {
          name: `${label}: CPU per page served, everything included`,
          value: `${cpuPerAnswer(m, pages.all.served)}; cores: ${coresUsed(m)}`,
          target: '≤ 0.3 ms',
        },
        {
          name: `${label}: HTTP thread event-loop delay`,
          value: eventLoopDelay(m.after!),
          ...(pagesPerSecond === 500 && { target: 'p99 < 5 ms' }),
        },
        { name: `${label}: ranking`, value: rankingCost(m.before!, m.after!, pages.all.served) },
        { name: `${label}: node CPU per page by thread`, value: cpuByThread(m.before!, m.after!, pages.all.served) },
        { name: `${label}: rankings' wait for a ranking thread`, value: rankingWait(m.before!, m.after!) },
      );
      if (pagesPerSecond === 500 && pg) {
        const ratio =
          singleNodeMsPerPage === undefined
            ? 'n/a (no SQLite run in this invocation)'
            : `×${(perPage / singleNodeMsPerPage).toFixed(2)} the single node's ${singleNodeMsPerPage.toFixed(3)} ms`;
        rows.push({
          name: 'fleet CPU per page (node + PostgreSQL + Redis) at 500 pages/s',
          value: `${perPage.toFixed(3)} ms, ${ratio}`,
          target: '≤ 1.5×',
        });
      }
    }

    if (!ONLY_RATES) {
      await untilIdle([feedPid]);
      rows.push({ name: 'feed server memory', value: memoryValue(atStart, await scrapeMetrics(feedT.baseUrl)) });
      // Registered users with histories (the first 10,000 have them), few of them listed by the loads above.
      rows.push({
        name: 'memory per 10,000 ranked lists (users 5,001–8,000 ask for a first page)',
        value: await listMemory(feed, 5001).catch((error: unknown) => `not measured: ${String(error)}`),
      });
      rows.push(...(await pushWindow(feed, feedT, seconds)));
    }
    if (profileDir) {
      await feed.stop(); // the profile is written on exit
      const { file, rows: top } = topFunctions(profileDir, 40, spans);
      console.log(
        `CPU profile of the feed server on ${backend.name} (self time in the app-traffic rounds and the 500 pages/s window; ` +
          `${file}):\n${profileTable(top)}\n`,
      );
    }
  } finally {
    await Promise.all(targets.map((t) => t.stop()));
  }
  return rows;
}

/**
 * Alternating closed-loop rounds of the bare route, the floor and the feed on the
 * same connections (app traffic, then first pages only), and registered users'
 * first pages alone.
 */
async function closedRows(
  bareT: MeasuredTarget,
  floorT: MeasuredTarget,
  feedT: MeasuredTarget,
  barePath: () => string,
  seconds: number,
  spans: [number, number][],
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const perRound = Math.max(1, Math.round(seconds / ROUNDS));
  const windows = {
    bare: [] as Measured[],
    floor: [] as Measured[],
    feed: [] as Measured[],
    floorPages: [] as Measured[],
    feedPages: [] as Measured[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    // The same seeds for floor and feed within a round: the same users, areas, pages and taps.
    const firstPages = (seed: number) => {
      const random = seededRandom(seed);
      return { path: () => feedPath(random), kind: 'first' as const };
    };
    windows.bare.push(await closedWindow(bareT, CONNECTIONS, perRound, { path: barePath }));
    windows.floor.push(await closedWindow(floorT, CONNECTIONS, perRound, { sessions: sessionStream(100 + round, `floor-${round}`) }));
    const measured = await closedWindow(feedT, CONNECTIONS, perRound, { sessions: sessionStream(100 + round, `feed-${round}`) });
    windows.feed.push(measured);
    spans.push([toProfileUs(measured.window.from), toProfileUs(measured.window.to)]);
    windows.floorPages.push(await closedWindow(floorT, CONNECTIONS, perRound, firstPages(150 + round)));
    windows.feedPages.push(await closedWindow(feedT, CONNECTIONS, perRound, firstPages(150 + round)));
  }
  const b = closedRounds(windows.bare, 'plain');
  const [fl, f] = [closedRounds(windows.floor, 'pages'), closedRounds(windows.feed, 'pages')];
  const [flp, fp] = [closedRounds(windows.floorPages, 'pages'), closedRounds(windows.feedPages, 'pages')];
  const pct = (x: number, y: number) => `${((x / y) * 100).toFixed(1)} %`;
  rows.push(
    { name: `bare Fastify route (${CONNECTIONS} conn, median of ${ROUNDS})`, value: closedValue(b, 'req') },
    { name: `floor, app traffic (${CONNECTIONS} conn, median of ${ROUNDS})`, value: closedValue(fl, 'pages') },
    { name: `GET /v1/feed, app traffic (${CONNECTIONS} conn, median of ${ROUNDS})`, value: closedValue(f, 'pages') },
    {
      name: 'feed ÷ floor, app traffic (pages/s)',
      value: `${pct(f.perSecond, fl.perSecond)}; CPU per page ×${(f.cpuMs / fl.cpuMs).toFixed(1)} the floor's`,
      target: '≥ 70 %',
    },
    { name: 'feed ÷ bare (pages/s ÷ req/s)', value: pct(f.perSecond, b.perSecond) },
    {
      name: `floor, first pages only, no events (issue 5/8 mix, ${CONNECTIONS} conn, median of ${ROUNDS})`,
      value: closedValue(flp, 'pages'),
    },
    {
      name: `GET /v1/feed, first pages only, no events (issue 5/8 mix, ${CONNECTIONS} conn, median of ${ROUNDS})`,
      value: `${closedValue(fp, 'pages')}; ${pct(fp.perSecond, flp.perSecond)} of the floor`,
    },
  );

  // Registered users' first pages alone: what ranking a user costs where it happens in the request.
  const random = seededRandom(7);
  const registered = await closedWindow(feedT, CONNECTIONS, Math.max(1, Math.round(seconds / 2)), {
    path: () => `/v1/feed?scenario=bench&user_id=user_${1 + Math.floor(random() * USERS)}`,
    kind: 'first',
  });
  const reg = closedRounds([registered], 'pages');
  rows.push({
    name: `GET /v1/feed, registered users' first pages only (${CONNECTIONS} conn)`,
    value:
      `${Math.round(reg.perSecond)} pages/s, p50 ${fmtMs(reg.p50)}, p99 ${fmtMs(reg.p99)}, failed ` +
      `${reg.failed}; CPU ${cpuPerAnswer(registered, pagesOf(registered).served)} per page (floor ` +
      `${flp.cpuMs.toFixed(3)} ms)`,
  });
  return rows;
}

/**
 * RSS after the warm-up and after the loads, and the RSS added per 10,000 ranked
 * lists added when the service reports how many it holds (a few hundred lists
 * are lost in the garbage collector's swings: then only the counts).
 */
function memoryValue(before: Scrape, after: Scrape): string {
  const [rssBefore, rssAfter] = [metric(before, 'process_resident_memory_bytes'), metric(after, 'process_resident_memory_bytes')];
  const [listsBefore, listsAfter] = [metric(before, 'feed_ranked_lists', 'max'), metric(after, 'feed_ranked_lists', 'max')];
  const [mbBefore, mbAfter] = [((rssBefore ?? NaN) / MB).toFixed(0), ((rssAfter ?? NaN) / MB).toFixed(0)];
  const rss = `RSS ${mbBefore} MB after the warm-up → ${mbAfter} MB after the loads`;
  if (listsBefore === undefined || listsAfter === undefined) return `${rss}; feed_ranked_lists n/a`;
  const added = listsAfter - listsBefore;
  const per =
    added >= 2000
      ? `${(((rssAfter! - rssBefore!) / MB) * (10_000 / added)).toFixed(0)} MB per 10,000 lists added`
      : 'too few lists added to say MB per 10,000';
  return `${rss}; lists held ${listsBefore.toLocaleString('en')} → ${listsAfter.toLocaleString('en')}: ${per}`;
}

interface JobView {
  job_id: string;
  status: string;
  users_processed: number;
}

/** A 100,000-user push job (all users, 3 candidates) on the feed server, and light feed traffic while it runs. */
async function pushWindow(feed: BenchTarget, target: MeasuredTarget, seconds: number): Promise<BenchRow[]> {
  const base = feed.info.baseUrl!;
  const headers = { ...feed.headers, 'content-type': 'application/json' };
  const created = await fetch(`${base}/v1/push-candidates`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ scenario: 'bench-push', candidates_per_user: 3, target_mode: 'all' }),
  });
  const job = (await created.json()) as JobView;
  if (created.status !== 202) throw new Error(`POST /v1/push-candidates: ${created.status} ${JSON.stringify(job)}`);
  const status = async () => (await (await fetch(`${base}/v1/push-candidates/${job.job_id}`, { headers: feed.headers })).json()) as JobView;
  const deadline = Date.now() + 60_000;
  while ((await status()).status === 'pending' && Date.now() < deadline) await sleep(100);
  const sessions = scheduleSessions(sessionStream(400, 'push'), PUSH_RATE, RAMP_MS / 1000 + seconds, 401);
  const m = await openWindow(target, { connections: OPEN_CONNECTIONS, sessions, rampMs: RAMP_MS, seconds, graceMs: GRACE_MS });
  const after = await status();
  const label = `during a ${USERS.toLocaleString('en')}-user push job, feed at ${PUSH_RATE} pages/s`;
  return [
    { name: `${label}: HTTP thread event-loop delay`, value: eventLoopDelay(m.after!), target: 'p99 < 5 ms' },
    {
      name: `${label}: pages`,
      value:
        `${pagesValue(m).text}; job ${after.status} at the window's end ` +
        `(${after.users_processed.toLocaleString('en')} users processed as last reported); cores: ${coresUsed(m)}`,
    },
  ];
}
