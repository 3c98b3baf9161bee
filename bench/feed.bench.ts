import type { BenchRow } from './contents-pipeline.bench.js';
import { serverEnv, withDatabase, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { startTarget, type BenchTarget } from './lib/child.js';
import { seededRandom } from '../src/lib/seeded-random.js';
import { generateFeedData } from './lib/feed-data.js';
import { formatRuns, runLoad, summariseRuns, type LoadResult } from './lib/load.js';

const ROUNDS = 3;
const CONNECTIONS = 10;
const OFFERED_RATE = 500;
/** Enough connections that 500 req/s is offered even when answers slow down. */
const RATE_CONNECTIONS = 25;
const USERS = 100_000;
/** Seeded, and reset for each backend, so every run offers the same sequence of requests. */
let pathRandom = seededRandom(5);


/**
 * The request mix: 40 % anonymous, 60 % one of the 100,000 registered users
 * (a tenth of them with click histories); a fifth of all requests ask for
 * 渋谷 at station level. Page size is the default (20).
 */
export function feedPath(random: () => number): string {
  let query = '/v1/feed?scenario=bench';
  if (random() >= 0.4) query += `&user_id=user_${1 + Math.floor(random() * USERS)}`;
  if (random() < 0.2) query += `&area_names=${encodeURIComponent('渋谷')}&area_level=station`;
  return query;
}

/** Load with a fresh feed path per request (random users, some with an area). */
function load(target: BenchTarget, seconds: number, options: { connections: number; overallRate?: number; feed: boolean }): Promise<LoadResult> {
  return runLoad({
    url: target.url,
    headers: target.headers,
    connections: options.connections,
    durationSeconds: seconds,
    overallRate: options.overallRate,
    ...(options.feed && { path: () => feedPath(pathRandom) }),
  });
}

/** One request of each kind answered 200 with items, before anything is timed. */
async function checkFeed(target: BenchTarget): Promise<void> {
  for (const suffix of ['', '&user_id=user_1', '&user_id=user_2&area_names=%E6%B8%8B%E8%B0%B7&area_level=station']) {
    const response = await fetch(`${target.url}${suffix}`, { headers: target.headers });
    const body = (await response.json()) as { items?: unknown[] };
    if (response.status !== 200 || !body.items?.length) throw new Error(`GET /v1/feed${suffix}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
}

async function residentMb(target: BenchTarget): Promise<string> {
  const text = await (await fetch(`${target.info.baseUrl}/metrics`)).text();
  const bytes = Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1]);
  return (bytes / 2 ** 20).toFixed(0);
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

/**
 * Issue 5: GET /v1/feed on generated data (100,000 users with histories,
 * 100,000 live items, 50 sources) on `backend`, against a bare Fastify route,
 * in alternating rounds (medians; this shared 2-core VM drifts ±30 %), then
 * the feed alone at a fixed offered rate of 500 req/s (the Enterprise limit).
 */
export async function feedBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(durationSeconds, backend, database));
}

async function measure(durationSeconds: number, backend: BenchBackend, database: BenchDatabase): Promise<BenchRow[]> {
  pathRandom = seededRandom(5);
  const data = await generateFeedData({ databaseUrl: database.url, ...FEED_DATA });
  const generated = Object.entries(data.rows).map(([table, n]) => `${table} ${n.toLocaleString('en')}`).join(', ');
  const bareTarget = await startTarget('bench/servers/bare-server.ts');
  const feedStarted = performance.now();
  const feedTarget = await startTarget('bench/servers/feed-server.ts', {
    ...serverEnv(backend, database),
    FEED_TENANT_ID: data.tenantId,
    FEED_API_KEY: data.apiKey,
  });
  const bootSeconds = (performance.now() - feedStarted) / 1000;
  const bare: LoadResult[] = [];
  const feed: LoadResult[] = [];
  let fixed: LoadResult & { sent: number };
  let rss: string;
  try {
    await checkFeed(feedTarget);
    await load(bareTarget, 2, { connections: CONNECTIONS, feed: false }); // warm-up (JIT, caches)
    await load(feedTarget, 2, { connections: CONNECTIONS, feed: true });
    const perRound = Math.max(1, Math.round(durationSeconds / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await load(bareTarget, perRound, { connections: CONNECTIONS, feed: false }));
      feed.push(await load(feedTarget, perRound, { connections: CONNECTIONS, feed: true }));
    }
    fixed = await load(feedTarget, durationSeconds, { connections: RATE_CONNECTIONS, overallRate: OFFERED_RATE, feed: true });
    rss = await residentMb(feedTarget);
  } finally {
    await Promise.all([bareTarget.stop(), feedTarget.stop()]);
  }
  const b = summariseRuns(bare);
  const f = summariseRuns(feed);
  const fmt = formatRuns;
  return [
    { name: 'feed data generated (direct inserts)', value: `${data.seconds.toFixed(1)} s: ${generated}` },
    { name: 'feed server boot + first feed (pool, index)', value: `${bootSeconds.toFixed(1)} s, first feed ${feedTarget.info.coldMs} ms, RSS ${feedTarget.info.rssMb} MB → ${rss} MB after load` },
    { name: `bare Fastify route (${CONNECTIONS} conn, median of ${ROUNDS})`, value: fmt(b) },
    { name: `GET /v1/feed, 100k users/items (${CONNECTIONS} conn, median of ${ROUNDS})`, value: fmt(f) },
    { name: 'feed share of bare throughput', value: `${((f.rps / b.rps) * 100).toFixed(1)} %`, target: '≥ 40 %' },
    {
      name: `GET /v1/feed at ${OFFERED_RATE} req/s offered (${RATE_CONNECTIONS} conn)`,
      value: `${Math.round(fixed.requestsPerSecond)} req/s answered (${fixed.sent} sent), p50 ${fixed.p50Ms} ms, p99 ${fixed.p99Ms} ms, non-2xx ${fixed.non2xx + fixed.errors}`,
      target: 'p99 < 25 ms',
    },
  ];
}
