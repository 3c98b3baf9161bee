import { sql } from 'kysely';
import { openDatabase } from '../src/db/connect.js';
import { TrackingTokens } from '../src/tracking/tracking-token.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { serverEnv, withDatabase, type BenchBackend } from './lib/backends.js';
import { startTarget } from './lib/child.js';
import { measureCpu, processesWhere, type CpuGroup } from './lib/cpu-sampler.js';
import { runLoad } from './lib/load.js';

const CONNECTIONS = 20;
const EVENTS_PER_REQUEST = 100;
/** One user (and so one session) per event of a request: no two events of a request are the same. */
const USERS = EVENTS_PER_REQUEST;

/** Rows in the event log: what was stored, counted by the database rather than from 202s. */
async function storedEvents(databaseUrl: string): Promise<number> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    const row = await db
      .selectFrom('events')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await close();
  }
}

/** Reads a quantile of the lag summary from the Prometheus text. */
function quantile(metrics: string, q: string): number {
  const match = new RegExp(`^event_processing_lag_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(metrics);
  return match ? Number(match[1]) * 1000 : NaN;
}

/**
 * Issue 3: accepted events/s (durable commits: SQLite `synchronous=FULL`, or
 * PostgreSQL's commit), batches of 100 at 20 connections, and the lag from 202
 * to effect, with the processor in the same process. Every request carries 100
 * distinct new events (one user and session each), a realistic mix of impressions, clicks and sessions
 * with signed tracking tokens.
 */
export async function eventsBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(durationSeconds, database.url, serverEnv(backend, database)));
}

async function measure(durationSeconds: number, databaseUrl: string, env: Record<string, string>): Promise<BenchRow[]> {
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_CPU_PROF;
  const target = await startTarget(
    'bench/servers/pipeline-server.ts',
    env,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const databaseName = databaseUrl.startsWith('postgres') ? new URL(databaseUrl).pathname.slice(1) : null;
  const cpuGroups: CpuGroup[] = [{ name: 'service', pids: () => [target.child.pid!] }];
  if (databaseName)
    cpuGroups.push({
      name: 'PostgreSQL',
      pids: () => processesWhere((comm, cmdline) => comm === 'postgres' && cmdline.includes(` ${databaseName} `)),
    });
  try {
    const tokens = new TrackingTokens(target.info.secretKey!);
    const token = (user: string) =>
      tokens.issue({
        tenantId: target.info.tenantId!,
        contentId: target.info.contentId!,
        scenario: 'home',
        channel: 'feed',
        userId: user,
        requestId: 'bench',
        position: 0,
        issuedAt: 0,
      });
    const userTokens = Array.from({ length: USERS }, (_, i) => token(`user-${i}`));
    let n = 0;
    const body = () => {
      n += 1;
      const at = new Date().toISOString();
      const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
        // A different user, so a different session, for each event of the request:
        // until 2026-11-27 positions i and i + 50 were the same event, deduplicated.
        const u = (n * 7 + i) % USERS;
        const session = `s-${n}-${u}`;
        if (i % 10 === 0) return { type: 'session_start', session_id: session, user_id: `user-${u}`, occurred_at: at };
        const type = i % 10 === 1 ? 'click' : 'impression';
        return { type, session_id: session, user_id: `user-${u}`, occurred_at: at, tracking_token: userTokens[u] };
      });
      return JSON.stringify({ events });
    };
    const url = `${target.info.baseUrl}/v1/events`;
    const headers = { ...target.headers, 'content-type': 'application/json' };
    const backlog = async () =>
      Number(/^events_unprocessed (\d+)$/m.exec(await (await fetch(`${target.info.baseUrl}/metrics`)).text())?.[1] ?? 0);
    // The processor runs on serve's worker thread, which starts seconds after the HTTP
    // thread answers: one event applied first, so the lag measured is the steady state's,
    // not the wait for that thread (which alone put p50 at 6–8 s).
    const probe = { type: 'session_start', session_id: 'probe', user_id: 'user-0', occurred_at: new Date().toISOString() };
    await fetch(url, { method: 'POST', headers, body: JSON.stringify({ events: [probe] }) });
    for (const waitStart = Date.now(); (await backlog()) > 0 && Date.now() - waitStart < 60_000;)
      await new Promise((r) => setTimeout(r, 200));
    await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds: 2, method: 'POST', body }); // warm-up
    // Requests still in flight when the warm-up stopped commit meanwhile: count after them.
    await new Promise((r) => setTimeout(r, 1000));
    const sentBefore = n * EVENTS_PER_REQUEST;
    const storedBefore = await storedEvents(databaseUrl);
    const started = performance.now();
    // CPU of the service (all its threads) and of its PostgreSQL backends, over the load and the drain after it.
    const { result: load, cpu } = await measureCpu(cpuGroups, async () => {
      const result = await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds, method: 'POST', body });
      const loadSeconds = (performance.now() - started) / 1000;
      // Let the processor finish, then read the lag it observed.
      const drainStart = Date.now();
      while ((await backlog()) > 0 && Date.now() - drainStart < 60_000) await new Promise((r) => setTimeout(r, 200));
      return { result, loadSeconds, drainSeconds: (Date.now() - drainStart) / 1000 };
    });
    const { result, loadSeconds, drainSeconds } = load;
    const metrics = await (await fetch(`${target.info.baseUrl}/metrics`)).text();
    const sent = n * EVENTS_PER_REQUEST - sentBefore;
    const storedInAll = await storedEvents(databaseUrl);
    const stored = storedInAll - storedBefore;
    // Every event sent is distinct, so each one sent is stored, but for the requests
    // in flight when a load stopped: more missing is deduplicated or lost events.
    const sentInAll = n * EVENTS_PER_REQUEST + 1; // and the probe
    if (storedInAll > sentInAll || storedInAll < sentInAll - 2 * CONNECTIONS * EVENTS_PER_REQUEST) {
      throw new Error(
        `events bench: ${storedInAll} events stored of ${sentInAll} sent (warm-up included): events were deduplicated or lost`,
      );
    }
    const storedPerSecond = stored / loadSeconds;
    const cpuMsPer100 = (group: string) => (((cpu.cores[group] ?? 0) * cpu.seconds * 1000) / stored) * 100;
    const cpuText = Object.keys(cpu.cores)
      .map((g) => `${g} ${cpuMsPer100(g).toFixed(2)} ms`)
      .join(', ');
    return [
      {
        name: `POST /v1/events, ${EVENTS_PER_REQUEST}/request, ${CONNECTIONS} conn (durable)`,
        value:
          `${Math.round(storedPerSecond)} events/s stored (${stored} stored of ${sent} sent; ` +
          `${Math.round(result.requestsPerSecond)} req/s answered), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
          `non-2xx ${result.non2xx}`,
        target: '≥ 40,000 events/s (SQLite), ≥ 20,000 (PostgreSQL)',
      },
      {
        name: 'CPU per 100 events stored (load + drain)',
        value: `${cpuText}; machine busy ${cpu.machineCores.toFixed(2)} of 2 cores`,
        target: '',
      },
      {
        name: 'event processing lag, 202 → effect (last 60 s)',
        value:
          `p50 ${quantile(metrics, '0.5').toFixed(0)} ms, p99 ${quantile(metrics, '0.99').toFixed(0)} ms; ` +
          `backlog drained ${drainSeconds.toFixed(1)} s after load`,
        target: 'p99 < 1 s',
      },
    ];
  } finally {
    await target.stop();
  }
}
