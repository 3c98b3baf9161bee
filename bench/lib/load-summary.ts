import type { RequestKind, RequestRecord } from './load-client.js';
import type { LoadRun } from './session-load.js';

/** Requests of some kinds in a window: how many, how they ended, how long they took. */
export interface KindSummary {
  /** Requests due in the window. */
  due: number;
  /** Of those: answered 2xx, answered otherwise, connection errors, never answered (the run ended first). */
  ok: number;
  non2xx: number;
  errors: number;
  unanswered: number;
  /** Count by status of the non-2xx answers, e.g. "500×2, 429×1". */
  non2xxStatuses: string;
  /** Latency from due to answered (ms) over the requests due in the window; an unanswered one counts as infinitely late. */
  p50: number;
  p99: number;
  /** The same over the answered requests alone (what queueing did to those that got through). */
  answeredP50: number;
  answeredP99: number;
  /** 2xx answers received in the window, per second: what was served while the CPU was measured. */
  servedPerSecond: number;
  served: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function countStatuses(records: RequestRecord[]): string {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.status!, (counts.get(r.status!) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status}×${n}`).join(', ');
}

/** The requests of `kinds` in [from, to) (performance.now() ms); a window defaults to the whole run. */
export function summariseKinds(
  run: LoadRun,
  kinds: RequestKind[],
  window: { from: number; to: number } = { from: run.startAt, to: run.endAt },
): KindSummary {
  const ofKind = run.records.filter((r) => kinds.includes(r.kind));
  const due = ofKind.filter((r) => r.dueAt >= window.from && r.dueAt < window.to);
  const latencies = due.map((r) => (r.doneAt === null ? Infinity : r.doneAt - r.dueAt)).sort((a, b) => a - b);
  const served = ofKind.filter(
    (r) => r.doneAt !== null && r.doneAt >= window.from && r.doneAt < window.to && r.status! >= 200 && r.status! < 300,
  ).length;
  return {
    due: due.length,
    ok: due.filter((r) => r.status !== null && r.status >= 200 && r.status < 300).length,
    non2xx: due.filter((r) => r.status !== null && r.status >= 300).length,
    non2xxStatuses: countStatuses(due.filter((r) => r.status !== null && r.status >= 300)),
    errors: due.filter((r) => r.status === 0).length,
    unanswered: due.filter((r) => r.status === null).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    answeredP50: percentile(latencies.filter(Number.isFinite), 50),
    answeredP99: percentile(latencies.filter(Number.isFinite), 99),
    servedPerSecond: served / ((window.to - window.from) / 1000),
    served,
  };
}

/** How late the generator itself sent first pages (timer fired − due), p99: a sanity check on the open loop's clock. */
export function senderLateP99(run: LoadRun): number {
  const late = run.records
    .filter((r) => r.kind === 'first')
    .map((r) => r.sentAt - r.dueAt)
    .sort((a, b) => a - b);
  return percentile(late, 99);
}

export const fmtMs = (v: number) => (v === Infinity ? '∞ (unanswered)' : Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : '–');

/** "p50 3.1 ms, p99 12 ms" and, when any, what failed (and the latency of those answered). */
export function fmtLatency(s: KindSummary): string {
  const failed = [
    s.non2xx && `non-2xx ${s.non2xx} (${s.non2xxStatuses})`,
    s.errors && `errors ${s.errors}`,
    s.unanswered && `unanswered ${s.unanswered}`,
  ].filter(Boolean);
  const answered = s.unanswered > 0 && s.unanswered < s.due ? ` (answered: p50 ${fmtMs(s.answeredP50)}, p99 ${fmtMs(s.answeredP99)})` : '';
  return `p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}${failed.length ? `, ${failed.join(', ')}${answered}` : ''}`;
}
