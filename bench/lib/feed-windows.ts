import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionPlan } from './app-traffic.js';
import type { RequestKind } from './load-client.js';
import type { BenchTarget } from './child.js';
import { measureCpu, processesWhere, type CpuGroup, type CpuWindow } from './cpu-sampler.js';
import { scrapeMetrics, type Scrape } from './service-metrics.js';
import { runClosedLoop, runOpenLoop, type LoadRun, type LoadTarget } from './session-load.js';

/**
 * Measured windows of the feed benchmark: a load run on one target with the
 * CPU of everything that serves it read from /proc over the window, and (open
 * loop) the target's /metrics scraped right before and right after it.
 */
export interface MeasuredTarget {
  load: LoadTarget;
  /** The server's base URL (its /metrics). */
  baseUrl: string;
  /** What its CPU is: the server process, its PostgreSQL backends and Redis (when it uses them), and the load generator. */
  groups: CpuGroup[];
}

export const SERVICE_GROUPS = ['node', 'PostgreSQL', 'Redis'] as const;

/**
 * A bench target with its CPU groups: the server process (utime + stime cover
 * all its threads: ranking threads, the SQLite writer), PostgreSQL backends
 * whose process title names `database`, Redis, and this process (the load generator).
 */
export function measuredTarget(target: BenchTarget, uses: { database: string | null; redis: boolean }): MeasuredTarget {
  const url = new URL(target.url);
  const redis = uses.redis ? processesWhere((comm) => comm === 'redis-server') : [];
  const groups: CpuGroup[] = [{ name: 'node', pids: () => [target.child.pid!] }];
  if (uses.database)
    groups.push({
      name: 'PostgreSQL',
      pids: () => processesWhere((comm, cmdline) => comm === 'postgres' && cmdline.includes(` ${uses.database} `)),
    });
  if (uses.redis) groups.push({ name: 'Redis', pids: () => redis });
  groups.push({ name: 'load generator', pids: () => [process.pid] });
  return { load: { origin: url.origin, headers: target.headers }, baseUrl: target.info.baseUrl ?? url.origin, groups };
}

export interface Measured {
  run: LoadRun;
  cpu: CpuWindow;
  /** The measured part of the run (performance.now() ms). */
  window: { from: number; to: number };
  /** Open loop: /metrics right before and right after the window. */
  before?: Scrape;
  after?: Scrape;
}

/** Closed loop for `seconds` at `connections`, CPU over the whole run. */
export async function closedWindow(
  target: MeasuredTarget,
  connections: number,
  seconds: number,
  work: { sessions: () => SessionPlan } | { path: () => string; kind?: RequestKind },
): Promise<Measured> {
  const { result: run, cpu } = await measureCpu(target.groups, () => runClosedLoop({ target: target.load, connections, seconds, work }));
  return { run, cpu, window: { from: run.startAt, to: run.endAt } };
}

const sleepUntil = (at: number) => sleep(Math.max(0, at - performance.now()));

/**
 * Open loop over `sessions` (scheduled over rampMs + seconds): the first rampMs
 * let sessions build up to their steady mix of first and later pages; the next
 * `seconds` are measured (requests due in them, CPU, /metrics around them);
 * whatever is still out graceMs after the schedule ends counts as unanswered.
 */
export async function openWindow(
  target: MeasuredTarget,
  options: { connections: number; sessions: { startMs: number; plan: SessionPlan }[]; rampMs: number; seconds: number; graceMs: number },
): Promise<Measured> {
  const startAt = performance.now() + 300;
  const window = { from: startAt + options.rampMs, to: startAt + options.rampMs + options.seconds * 1000 };
  const measuring = (async () => {
    await sleepUntil(window.from);
    // Scraped while the CPU window starts: an overloaded server answers /metrics late.
    const [before, { cpu }] = await Promise.all([scrapeMetrics(target.baseUrl), measureCpu(target.groups, () => sleepUntil(window.to))]);
    return { before, cpu, after: await scrapeMetrics(target.baseUrl) };
  })();
  const run = await runOpenLoop({
    target: target.load,
    connections: options.connections,
    sessions: options.sessions,
    startAt,
    scheduleMs: options.rampMs + options.seconds * 1000,
    graceMs: options.graceMs,
  });
  return { run, window, ...(await measuring) };
}

/** CPU of the service (server process + its PostgreSQL backends + Redis) per answer served in the window, in ms. */
export function serviceMsPer(m: Measured, served: number): { total: number; parts: Record<string, number> } {
  const parts: Record<string, number> = {};
  for (const name of SERVICE_GROUPS) {
    const cores = m.cpu.cores[name];
    if (cores !== undefined) parts[name] = served > 0 ? (cores * m.cpu.seconds * 1000) / served : NaN;
  }
  return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts };
}
