import { fmtLatency, fmtMs, summariseKinds, type KindSummary } from './load-summary.js';
import { serviceMsPer, type Measured } from './feed-windows.js';

/**
 * How the feed benchmark's windows read in its table: answers per second,
 * latency by kind of request, CPU per answer and who used it.
 */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const cpuMs = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 1 ? 3 : 2)} ms` : 'n/a');
const cores = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(2));

export const pagesOf = (m: Measured) => summariseKinds(m.run, ['first', 'later'], m.window);
export const plainOf = (m: Measured) => summariseKinds(m.run, ['plain'], m.window);

/** Service CPU per answer, with its parts when there are several: "0.41 ms (node 0.38 + PostgreSQL 0.03 + Redis 0.00)". */
export function cpuPerAnswer(m: Measured, served: number): string {
  const { total, parts } = serviceMsPer(m, served);
  const names = Object.keys(parts);
  return names.length > 1 ? `${cpuMs(total)} (${names.map((n) => `${n} ${cpuMs(parts[n]!)}`).join(' + ')})` : cpuMs(total);
}

/** Cores busy in the window outside the measured groups: other sessions' work on this shared machine (and our idle servers). */
const elsewhere = (m: Measured) => Math.max(0, m.cpu.machineCores - Object.values(m.cpu.cores).reduce((a, b) => a + b, 0));

/** Who used the cores in the window. */
export function coresUsed(m: Measured): string {
  const parts = Object.entries(m.cpu.cores).map(([name, c]) => `${name} ${cores(c)}`);
  return `${parts.join(', ')}, everything else ${cores(elsewhere(m))}; machine ${cores(m.cpu.machineCores)} of 2 busy`;
}

/** Medians over closed-loop rounds of one target: answers/s, latency, CPU per answer. */
export function closedRounds(windows: Measured[], kind: 'pages' | 'plain') {
  const summaries = windows.map((w) => (kind === 'pages' ? pagesOf(w) : plainOf(w)));
  return {
    perSecond: median(summaries.map((s) => s.servedPerSecond)),
    p50: median(summaries.map((s) => s.p50)),
    p99: median(summaries.map((s) => s.p99)),
    failed: summaries.reduce((n, s) => n + s.non2xx + s.errors + s.unanswered, 0),
    cpuMs: median(windows.map((w, i) => serviceMsPer(w, summaries[i]!.served).total)),
    generatorCores: median(windows.map((w) => w.cpu.cores['load generator']!)),
    elsewhereCores: median(windows.map(elsewhere)),
    rounds: summaries.map((s) => Math.round(s.servedPerSecond)),
    events: median(windows.map((w) => summariseKinds(w.run, ['event'], w.window).servedPerSecond)),
  };
}
export type ClosedSummary = ReturnType<typeof closedRounds>;

export function closedValue(s: ClosedSummary, unit: 'pages' | 'req'): string {
  const events = unit === 'pages' && s.events > 0 ? ` (+ ${Math.round(s.events)} event POSTs/s)` : '';
  return (
    `${Math.round(s.perSecond).toLocaleString('en')} ${unit}/s${events}, p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, failed ${s.failed}; ` +
    `CPU ${cpuMs(s.cpuMs)} per ${unit === 'pages' ? 'page' : 'request'}; cores: load generator ` +
    `${cores(s.generatorCores)}, everything else ${cores(s.elsewhereCores)}; rounds ${s.rounds.join(', ')}`
  );
}

/** First and later pages of an open-loop window, separately and together. */
export function pagesValue(m: Measured): { all: KindSummary; text: string } {
  const window = m.window;
  const first = summariseKinds(m.run, ['first'], window);
  const later = summariseKinds(m.run, ['later'], window);
  const all = summariseKinds(m.run, ['first', 'later'], window);
  const share = all.due > 0 ? Math.round((first.due / all.due) * 100) : 0;
  return {
    all,
    text:
      `${Math.round(all.servedPerSecond)} pages/s served of ` +
      `${Math.round(all.due / ((window.to - window.from) / 1000))} due; all ${fmtLatency(all)}; ` +
      `first pages (${first.due}, ${share} %) ${fmtLatency(first)}; later pages (${later.due}) ${fmtLatency(later)}`,
  };
}

export function eventsValue(m: Measured): string {
  const events = summariseKinds(m.run, ['event'], m.window);
  return `${events.due} event POSTs (session_start, clicks), ${fmtLatency(events)}`;
}
