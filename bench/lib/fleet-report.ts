import { cpus } from 'node:os';
import type { BenchRow } from '../contents-pipeline.bench.js';
import type { CpuWindow } from './cpu-sampler.js';
import type { TableReads } from './pg-table-reads.js';
import type { Setup } from './fleet-setups.js';
import type { SplitLoadResult } from './split-load.js';

/** One measured window: a load on one setup, and the CPU every process used meanwhile. */
export interface Window {
  load: SplitLoadResult;
  cpu: CpuWindow;
  /** Events only: load end → backlog empty. */
  drainSeconds?: number;
  /** PostgreSQL setups: what the database read, table by table. */
  reads?: Map<string, TableReads>;
}

/** The middle value; the mean of the middle two for an even count (two rounds: their mean, not the larger). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const cores = (v: number) => v.toFixed(2);
export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : '–');
/** b / a, or – when either is missing (no answers in a window). */
export const times = (b: number, a: number) => (Number.isFinite(b / a) && a > 0 ? `×${(b / a).toFixed(2)}` : '–');

/** Medians over the rounds of one setup and kind; CPU as cores by group. */
export function summarise(windows: Window[]) {
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
export type Summary = ReturnType<typeof summarise>;

/** Answers/s (and events/s), latency, what was sent at the fixed rate, the rounds, the backlog's drain. */
export function loadValue(s: Summary, options: { eventsPerRequest?: number; offeredRate?: number; seconds: number }): string {
  const split = s.perNode.length > 1 ? ` (${s.perNode.map((r) => Math.round(r)).join(' + ')} per node)` : '';
  const events = options.eventsPerRequest ? `${Math.round(s.rps * options.eventsPerRequest).toLocaleString('en')} events/s, ` : '';
  // autocannon keeps one request in flight per connection: past saturation it sends fewer than offered.
  const sent = options.offeredRate ? ` (${Math.round(s.sent / options.seconds)} req/s sent of ${options.offeredRate} offered)` : '';
  const drained = s.drain === undefined ? '' : `; backlog applied ${s.drain.toFixed(1)} s after the load`;
  return (
    `${events}${Math.round(s.rps)} req/s${split}${sent}, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, non-2xx ${s.failures}; ` +
    `rounds ${s.all.join(', ')} req/s${drained}`
  );
}

/**
 * Who used the cores while `setup` was loaded (the other setup idle), the CPU
 * each part spent per answered request, and from those where the limit is and
 * what each part would serve on a core of its own.
 */
export function cpuRows(label: string, unit: string, setup: Setup, idle: Setup, s: Summary): BenchRow[] {
  const used = (name: string) => s.cpu[name]!;
  const own = setup.processes.map((p) => ({ ...p, used: used(`${setup.name}: ${p.role}`) }));
  const idleParts = idle.processes.map((p) => ({ role: p.role, used: used(`${idle.name}: ${p.role}`) }));
  const idleCpu = idleParts.reduce((n, p) => n + p.used, 0);
  const pgBench = used('PostgreSQL: bench database');
  const pgAll = used('PostgreSQL: all');
  const redis = used('Redis');
  const loader = used('load generator');
  const api = own.filter((p) => p.serves !== undefined);
  const apiCpu = api.reduce((n, p) => n + p.used, 0);
  const background = own.filter((p) => p.serves === undefined);
  const service = own.reduce((n, p) => n + p.used, 0) + pgBench + redis;
  const rest = s.machine - service - (pgAll - pgBench) - idleCpu - loader;
  const per = (cpu: number, answers = s.rps) => (answers > 0 ? ms((cpu * 1000) / answers) : '–');
  const perCore = (cpu: number) => (cpu > 0.01 ? `${Math.round(s.rps / cpu)}` : '–');
  const n = cpus().length;
  const apiLabel = api.length > 1 ? 'API nodes' : 'node';
  const perNode =
    api.length > 1
      ? ` (${api.map((p) => `${p.role.replace('API node ', '')} ${per(p.used, s.perNode[p.serves!])}`).join(', ')} per own answer)`
      : '';
  const backgroundShare = background.length
    ? `${background.map((p) => p.role).join(', ')} ${Math.round((background.reduce((m, p) => m + p.used, 0) / service) * 100)} %, `
    : '';
  return [
    {
      name: `fleet: CPU in cores during ${label}`,
      backend: setup.name,
      value:
        `${own.map((p) => `${p.role} ${cores(p.used)}`).join(', ')}; PostgreSQL ${cores(pgBench)} (other databases ` +
        `and PG background ${cores(pgAll - pgBench)}); ` +
        `Redis ${cores(redis)}; load generator ${cores(loader)}; idle setup ${cores(idleCpu)} ` +
        `(${idleParts.map((p) => `${p.role} ${cores(p.used)}`).join(', ')}); ` +
        `everything else ${cores(Math.max(0, rest))}; machine busy ${cores(s.machine)} of ${n}`,
    },
    {
      name: `fleet: CPU ${unit} during ${label}`,
      backend: setup.name,
      value:
        `${apiLabel} ${per(apiCpu)}${perNode}` +
        `${background.map((p) => `, ${p.role} ${per(p.used)}`).join('')}, PostgreSQL ${per(pgBench)}, Redis ` +
        `${per(redis)}: service ${per(service)} in all; load generator ${per(loader)}`,
    },
    {
      name: `fleet: bottleneck during ${label}`,
      backend: setup.name,
      value:
        `${s.machine >= 0.9 * n ? 'cores saturated' : 'cores not saturated'} (${cores(s.machine)} of ${n} busy, ` +
        `${cores(Math.max(0, rest) + pgAll - pgBench)} of it other sessions); ` +
        `of the service's CPU: ${apiLabel} ${Math.round((apiCpu / service) * 100)} %, PostgreSQL ` +
        `${Math.round((pgBench / service) * 100)} %, ` +
        `${backgroundShare}Redis ${Math.round((redis / service) * 100)} %; ` +
        `answers per core-second: ${apiLabel} ${perCore(apiCpu)}, PostgreSQL ${perCore(pgBench)}`,
    },
  ];
}
