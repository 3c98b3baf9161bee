import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '../src/lib/seeded-random.js';
import { TrackingTokens } from '../src/tracking/tracking-token.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { FEED_DATA, feedPath } from './feed.bench.js';
import { sqliteBackend, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { profileTable, topFunctions } from './lib/cpu-profile.js';
import { measureCpu } from './lib/cpu-sampler.js';
import { generateFeedData } from './lib/feed-data.js';
import { cpuRows, loadValue, summarise, times, type Window } from './lib/fleet-report.js';
import { cpuGroups, SECRET_KEY, startFleet, startSingleNode, untilQuiet, type Setup } from './lib/fleet-setups.js';
import { describeReads, tableReads } from './lib/pg-table-reads.js';
import { runSplitLoad, type SplitLoadResult } from './lib/split-load.js';

/** Rounds of every measurement; the two setups alternate within each (BENCH_FLEET_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_FLEET_ROUNDS ?? 2);
/** The fixed offered rate for the feed: about what one node answers on this VM when it is quiet (BENCH_FLEET_RATE). */
const FEED_RATE = Number(process.env.BENCH_FLEET_RATE ?? 150);
const EVENTS_PER_REQUEST = 100;

const KINDS = {
  'feed-max': { label: 'GET /v1/feed, max (10 conn)', connections: 10 },
  'feed-rate': { label: `GET /v1/feed at ${FEED_RATE} req/s offered (30 conn)`, connections: 30 },
  events: { label: `POST /v1/events, ${EVENTS_PER_REQUEST}/request (20 conn)`, connections: 20 },
} as const;
type Kind = keyof typeof KINDS;
/** The measurements to take (BENCH_FLEET_KINDS=feed-max,feed-rate,events). */
const SELECTED = (process.env.BENCH_FLEET_KINDS?.split(',') ?? Object.keys(KINDS)) as Kind[];
for (const kind of SELECTED)
  if (!(kind in KINDS)) throw new Error(`BENCH_FLEET_KINDS: unknown ${kind}; known: ${Object.keys(KINDS).join(', ')}`);
/**
 * BENCH_FLEET_PROFILE=1: CPU-profile the single node and API node A and print
 * where their time went in the measured windows (BENCH_FLEET_KINDS=feed-max
 * for the feed alone).
 */
const PROFILE = process.env.BENCH_FLEET_PROFILE === '1';

/** Bodies of new events for `setup`'s tenant: as events.bench.ts, on 50 of the generated users and items. */
function eventBodies(setup: Setup): () => string {
  const tokens = new TrackingTokens(SECRET_KEY);
  const users = Array.from({ length: 50 }, (_, u) => `user_${u + 1}`);
  const userTokens = users.map((userId, u) =>
    tokens.issue({
      tenantId: setup.tenantId,
      contentId: `cnt_bench${String(u * 97 + 1).padStart(6, '0')}`,
      scenario: 'bench',
      channel: 'feed',
      userId,
      requestId: 'bench',
      position: 0,
      issuedAt: 0,
    }),
  );
  let n = 0;
  return () => {
    n += 1;
    const at = new Date().toISOString();
    const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
      const u = (n * 7 + i) % 50;
      const session = `s-${n}-${u}`;
      if (i % 10 === 0) return { type: 'session_start', session_id: session, user_id: users[u], occurred_at: at };
      return {
        type: i % 10 === 1 ? 'click' : 'impression',
        session_id: session,
        user_id: users[u],
        occurred_at: at,
        tracking_token: userTokens[u],
      };
    });
    return JSON.stringify({ events });
  };
}

async function backlog(setup: Setup): Promise<number> {
  const text = await (await fetch(`${setup.bases[0]}/metrics`)).text();
  return Number(/^events_unprocessed (\d+)$/m.exec(text)?.[1] ?? 0);
}

async function drain(setup: Setup): Promise<number> {
  const started = Date.now();
  while ((await backlog(setup)) > 0 && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 200));
  return (Date.now() - started) / 1000;
}

function load(setup: Setup, kind: Kind, seconds: number, seed: number, bodies: () => string): Promise<SplitLoadResult> {
  const random = seededRandom(seed); // the same request sequence for both setups
  const common = { bases: setup.bases, connections: KINDS[kind].connections, durationSeconds: seconds };
  if (kind === 'events') {
    return runSplitLoad({
      ...common,
      headers: { ...setup.headers, 'content-type': 'application/json' },
      method: 'POST',
      path: () => '/v1/events',
      body: bodies,
    });
  }
  return runSplitLoad({
    ...common,
    headers: setup.headers,
    method: 'GET',
    path: () => feedPath(random),
    ...(kind === 'feed-rate' && { overallRate: FEED_RATE }),
  });
}

/**
 * Issue 8: feed and events throughput of (a) one node on SQLite (embedded,
 * workers in its process) against (b) two API nodes (`serve --no-workers`) and
 * one worker on PostgreSQL + Redis, on the same generated data (feed.bench.ts's
 * 100,000 items and users), both setups up at once and measured in alternating
 * order, ROUNDS times each. Load is split evenly over a setup's API nodes by one
 * autocannon run; CPU of every process (ours, PostgreSQL's, Redis', the load
 * generator's) is read from /proc over each window.
 */
export async function fleetBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  const databases: BenchDatabase[] = [];
  const setups: Setup[] = [];
  try {
    const sqliteDb = await sqliteBackend.createDatabase();
    databases.push(sqliteDb);
    const pgDb = await backend.createDatabase();
    databases.push(pgDb);
    const now = Date.now();
    const sqliteData = await generateFeedData({ databaseUrl: sqliteDb.url, ...FEED_DATA, now });
    const pgData = await generateFeedData({ databaseUrl: pgDb.url, ...FEED_DATA, now });
    const profileDirs = PROFILE ? [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cf-bench-fleet-prof-'))) : [];
    const profileArgs = (i: number) => (PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDirs[i]}`] : []);
    const single = await startSingleNode(sqliteDb, sqliteData, profileArgs(0));
    setups.push(single);
    const fleet = await startFleet(backend, pgDb, pgData, profileArgs(1));
    setups.push(fleet);
    const groups = cpuGroups(setups, new URL(pgDb.url).pathname.slice(1));
    const bodies = new Map(setups.map((s) => [s, eventBodies(s)]));

    for (const setup of setups) await load(setup, 'feed-max', 5, 1, bodies.get(setup)!); // JIT warm-up
    const windows = new Map<string, Window[]>();
    /** Each setup's measured windows in µs of the monotonic clock, to cut its profile to them. */
    const spans = new Map<Setup, [number, number][]>(setups.map((s) => [s, []]));
    const nowUs = () => Number(process.hrtime.bigint() / 1000n);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [single, fleet] : [fleet, single];
      for (const kind of SELECTED) {
        for (const setup of order) {
          const quietAfter = await untilQuiet(setups);
          const from = nowUs();
          const measure = () => measureCpu(groups, () => load(setup, kind, durationSeconds, 100 + round, bodies.get(setup)!));
          const {
            result: { result, cpu },
            reads,
          } = setup === fleet ? await tableReads(pgDb.url, measure) : { result: await measure(), reads: undefined };
          spans.get(setup)!.push([from, nowUs()]);
          const window: Window = { load: result, cpu, reads, ...(kind === 'events' && { drainSeconds: await drain(setup) }) };
          console.log(
            `fleet round ${round + 1} ${kind} ${setup.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ` +
              `${result.p99Ms.toFixed(0)} ms, machine ${cpu.machineCores.toFixed(2)} cores busy (waited ` +
              `${quietAfter.toFixed(0)} s for quiet)`,
          );
          windows.set(`${setup.name} ${kind}`, [...(windows.get(`${setup.name} ${kind}`) ?? []), window]);
        }
      }
    }

    const rows: BenchRow[] = [
      { name: 'fleet: data generated (same seed, feed.bench.ts sizes)', backend: single.name, value: `${sqliteData.seconds.toFixed(1)} s` },
      { name: 'fleet: data generated (same seed, feed.bench.ts sizes)', backend: fleet.name, value: `${pgData.seconds.toFixed(1)} s` },
      ...setups.map((s) => ({
        name: 'fleet: start + warm-up (first feeds on each node)',
        backend: s.name,
        value: `${s.bootSeconds.toFixed(1)} s`,
      })),
    ];
    for (const kind of SELECTED) {
      const fleetWindows = windows.get(`${fleet.name} ${kind}`)!;
      const [a, b] = [summarise(windows.get(`${single.name} ${kind}`)!), summarise(fleetWindows)];
      const options = {
        seconds: durationSeconds,
        ...(kind === 'events' && { eventsPerRequest: EVENTS_PER_REQUEST }),
        ...(kind === 'feed-rate' && { offeredRate: FEED_RATE }),
      };
      const unit = kind === 'events' ? `per request of ${EVENTS_PER_REQUEST} events` : 'per request';
      rows.push(
        { name: `fleet: ${KINDS[kind].label}, median of ${ROUNDS}`, backend: single.name, value: loadValue(a, options) },
        { name: `fleet: ${KINDS[kind].label}, median of ${ROUNDS}`, backend: fleet.name, value: loadValue(b, options) },
        {
          name: `fleet: ${KINDS[kind].label}, fleet / single`,
          backend: 'ratio',
          value: `${times(b.rps, a.rps)} throughput; p50 ${times(b.p50, a.p50)}, p99 ${times(b.p99, a.p99)}`,
        },
        ...cpuRows(KINDS[kind].label, unit, single, fleet, a),
        ...cpuRows(KINDS[kind].label, unit, fleet, single, b),
        {
          name: `fleet: PostgreSQL rows read ${unit} during ${KINDS[kind].label}`,
          backend: fleet.name,
          value: describeReads(
            fleetWindows.map((w) => w.reads!),
            fleetWindows.reduce((n, w) => n + w.load.answers, 0),
          ),
        },
      );
    }
    if (PROFILE) {
      for (const setup of setups.splice(0)) await setup.stop(); // profiles are written on exit
      [single, fleet].forEach((setup, i) => {
        const { file, rows: top } = topFunctions(profileDirs[i]!, 30, spans.get(setup));
        console.log(
          `CPU profile of ${setup.processes[0]!.role} of ${setup.name} (self time in its measured windows; ` +
            `${file}):\n${profileTable(top)}\n`,
        );
      });
    }
    return rows;
  } finally {
    for (const setup of setups) await setup.stop();
    for (const database of databases) await database.drop();
  }
}
