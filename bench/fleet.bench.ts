import { cpus } from 'node:os';
import { seededRandom } from '../src/lib/seeded-random.js';
import { TrackingTokens } from '../src/tracking/tracking-token.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { FEED_DATA, feedPath } from './feed.bench.js';
import { sqliteBackend, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { measureCpu, type CpuWindow } from './lib/cpu-sampler.js';
import { generateFeedData } from './lib/feed-data.js';
import { cpuGroups, SECRET_KEY, startFleet, startSingleNode, untilQuiet, type Setup } from './lib/fleet-setups.js';
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

interface Window {
  load: SplitLoadResult;
  cpu: CpuWindow;
  /** Events only: load end → backlog empty. */
  drainSeconds?: number;
}

/** Bodies of new events for `setup`'s tenant: as events.bench.ts, on 50 of the generated users and items. */
function eventBodies(setup: Setup): () => string {
  const tokens = new TrackingTokens(SECRET_KEY);
  const users = Array.from({ length: 50 }, (_, u) => `user_${u + 1}`);
  const userTokens = users.map((userId, u) =>
    tokens.issue({ tenantId: setup.tenantId, contentId: `cnt_bench${String(u * 97 + 1).padStart(6, '0')}`, scenario: 'bench', channel: 'feed', userId, requestId: 'bench', position: 0, issuedAt: 0 }),
  );
  let n = 0;
  return () => {
    n += 1;
    const at = new Date().toISOString();
    const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
      const u = (n * 7 + i) % 50;
      const session = `s-${n}-${u}`;
      if (i % 10 === 0) return { type: 'session_start', session_id: session, user_id: users[u], occurred_at: at };
      return { type: i % 10 === 1 ? 'click' : 'impression', session_id: session, user_id: users[u], occurred_at: at, tracking_token: userTokens[u] };
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
    return runSplitLoad({ ...common, headers: { ...setup.headers, 'content-type': 'application/json' }, method: 'POST', path: () => '/v1/events', body: bodies });
  }
  return runSplitLoad({ ...common, headers: setup.headers, method: 'GET', path: () => feedPath(random), ...(kind === 'feed-rate' && { overallRate: FEED_RATE }) });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cores = (v: number) => v.toFixed(2);
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : '–');
/** b / a, or – when either is missing (no answers in a window). */
const times = (b: number, a: number) => (Number.isFinite(b / a) && a > 0 ? `×${(b / a).toFixed(2)}` : '–');

/** Medians over the rounds of one setup and kind; CPU as cores by group. */
function summarise(windows: Window[]) {
  const groups = Object.keys(windows[0]!.cpu.cores);
  return {
    rps: median(windows.map((w) => w.load.requestsPerSecond)),
    perNode: windows[0]!.load.perNode.map((_, i) => median(windows.map((w) => w.load.perNode[i]!))),
    p50: median(windows.map((w) => w.load.p50Ms)),
    p99: median(windows.map((w) => w.load.p99Ms)),
    sent: median(windows.map((w) => w.load.sent)),
    failures: windows.reduce((n, w) => n + w.load.non2xx + w.load.errors, 0),
    cpu: Object.fromEntries(groups.map((g) => [g, median(windows.map((w) => w.cpu.cores[g]!))])),
    machine: median(windows.map((w) => w.cpu.machineCores)),
    drain: windows[0]!.drainSeconds === undefined ? undefined : median(windows.map((w) => w.drainSeconds!)),
    all: windows.map((w) => Math.round(w.load.requestsPerSecond)),
  };
}
type Summary = ReturnType<typeof summarise>;

/** Who used the cores while `setup` was loaded, and the CPU each part spent per request. */
function cpuRows(kind: Kind, setup: Setup, idle: Setup, s: Summary): BenchRow[] {
  const ownCpu = setup.processes.map((p) => ({ role: p.role, used: s.cpu[`${setup.name}: ${p.role}`]! }));
  const idleCpu = idle.processes.reduce((n, p) => n + s.cpu[`${idle.name}: ${p.role}`]!, 0);
  const pgBench = s.cpu['PostgreSQL: bench database']!;
  const pgAll = s.cpu['PostgreSQL: all']!;
  const redis = s.cpu.Redis!;
  const loader = s.cpu['load generator']!;
  const ours = ownCpu.reduce((n, p) => n + p.used, 0);
  const rest = s.machine - ours - idleCpu - pgAll - redis - loader;
  const perRequest = (used: number) => (s.rps > 0 ? ms((used * 1000) / s.rps) : '–');
  const unit = kind === 'events' ? `per request of ${EVENTS_PER_REQUEST} events` : 'per request';
  const parts = [
    ...ownCpu.map((p) => ({ name: p.role, used: p.used })),
    { name: 'PostgreSQL (bench database)', used: pgBench },
    { name: 'Redis', used: redis },
    { name: 'load generator', used: loader },
  ].sort((a, b) => b.used - a.used);
  const saturated = s.machine >= 0.9 * cpus().length;
  return [
    {
      name: `fleet: CPU in cores during ${KINDS[kind].label}`,
      backend: setup.name,
      value:
        `${ownCpu.map((p) => `${p.role} ${cores(p.used)}`).join(', ')}; PostgreSQL ${cores(pgBench)} (other databases and PG background ${cores(pgAll - pgBench)}); Redis ${cores(redis)}; ` +
        `load generator ${cores(loader)}; idle setup ${cores(idleCpu)}; everything else on the machine ${cores(Math.max(0, rest))}; machine busy ${cores(s.machine)} of ${cpus().length}`,
    },
    {
      name: `fleet: bottleneck, ${KINDS[kind].label}`,
      backend: setup.name,
      value:
        `${saturated ? 'cores saturated' : 'cores not saturated'} (${cores(s.machine)} of ${cpus().length} busy); largest: ${parts.slice(0, 3).map((p) => `${p.name} ${cores(p.used)}`).join(', ')}; ` +
        `CPU ${unit}: ${ownCpu.map((p) => `${p.role} ${perRequest(p.used)}`).join(', ')}, PostgreSQL ${perRequest(pgBench)}, Redis ${perRequest(redis)}`,
    },
  ];
}

function loadValue(kind: Kind, s: Summary, seconds: number): string {
  const split = s.perNode.length > 1 ? ` (${s.perNode.map((r) => Math.round(r)).join(' + ')} per node)` : '';
  const events = kind === 'events' ? `${Math.round(s.rps * EVENTS_PER_REQUEST).toLocaleString('en')} events/s, ` : '';
  // autocannon keeps one request in flight per connection: past saturation it sends fewer than offered.
  const sent = kind === 'feed-rate' ? ` (${Math.round(s.sent / seconds)} req/s sent of ${FEED_RATE} offered)` : '';
  const drained = s.drain === undefined ? '' : `; backlog applied ${s.drain.toFixed(1)} s after the load`;
  return `${events}${Math.round(s.rps)} req/s${split}${sent}, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, non-2xx ${s.failures}; rounds ${s.all.join(', ')} req/s${drained}`;
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
    const single = await startSingleNode(sqliteDb, sqliteData);
    setups.push(single);
    const fleet = await startFleet(backend, pgDb, pgData);
    setups.push(fleet);
    const groups = cpuGroups(setups, new URL(pgDb.url).pathname.slice(1));
    const bodies = new Map(setups.map((s) => [s, eventBodies(s)]));

    for (const setup of setups) await load(setup, 'feed-max', 3, 1, bodies.get(setup)!); // JIT warm-up
    const windows = new Map<string, Window[]>();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [single, fleet] : [fleet, single];
      for (const kind of Object.keys(KINDS) as Kind[]) {
        for (const setup of order) {
          const quietAfter = await untilQuiet(setups);
          const { result, cpu } = await measureCpu(groups, () => load(setup, kind, durationSeconds, 100 + round, bodies.get(setup)!));
          const window: Window = { load: result, cpu, ...(kind === 'events' && { drainSeconds: await drain(setup) }) };
          console.log(`fleet round ${round + 1} ${kind} ${setup.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(0)} ms, machine ${cpu.machineCores.toFixed(2)} cores busy (waited ${quietAfter.toFixed(0)} s for quiet)`);
          windows.set(`${setup.name} ${kind}`, [...(windows.get(`${setup.name} ${kind}`) ?? []), window]);
        }
      }
    }

    const rows: BenchRow[] = [
      { name: 'fleet: data generated (same seed, feed.bench.ts sizes)', backend: single.name, value: `${sqliteData.seconds.toFixed(1)} s` },
      { name: 'fleet: data generated (same seed, feed.bench.ts sizes)', backend: fleet.name, value: `${pgData.seconds.toFixed(1)} s` },
      ...setups.map((s) => ({ name: 'fleet: start + warm-up (first feeds on each node)', backend: s.name, value: `${s.bootSeconds.toFixed(1)} s` })),
    ];
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const [a, b] = [summarise(windows.get(`${single.name} ${kind}`)!), summarise(windows.get(`${fleet.name} ${kind}`)!)];
      rows.push(
        { name: `fleet: ${KINDS[kind].label}, median of ${ROUNDS}`, backend: single.name, value: loadValue(kind, a, durationSeconds) },
        { name: `fleet: ${KINDS[kind].label}, median of ${ROUNDS}`, backend: fleet.name, value: loadValue(kind, b, durationSeconds) },
        {
          name: `fleet: ${KINDS[kind].label}, fleet / single`,
          backend: 'ratio',
          value: `${times(b.rps, a.rps)} throughput; p50 ${times(b.p50, a.p50)}, p99 ${times(b.p99, a.p99)}`,
        },
        ...cpuRows(kind, single, fleet, a),
        ...cpuRows(kind, fleet, single, b),
      );
    }
    return rows;
  } finally {
    for (const setup of setups) await setup.stop();
    for (const database of databases) await database.drop();
  }
}
