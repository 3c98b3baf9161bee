import type { BenchRow } from '../contents-pipeline.bench.js';
import type { RequestRecord } from './load-client.js';
import { fmtLatency, fmtMs, summariseKinds } from './load-summary.js';
import type { SessionEvents } from './events-stored.js';
import type { PushRun } from './periodic-push.js';
import { slope, type ProcessSample } from './process-samples.js';
import type { LoadRun } from './session-load.js';

/** What the soak measured (bench/soak.bench.ts), as rows of the bench table. */
export interface SoakResult {
  minutes: number;
  /** Pages/s of the closed-loop capacity run, and the rate held (half of it, or SOAK_PAGES_PER_SECOND: `fixedRate`). */
  fixedRate: boolean;
  capacity: number;
  pagesPerSecond: number;
  run: LoadRun;
  window: { from: number; to: number };
  users: RequestRecord[];
  pushes: PushRun[];
  samples: ProcessSample[];
  drain: { seconds: number; backlog: number };
  /** The event log after the drain, by session. */
  events: Map<string, SessionEvents>;
}

const MINUTE = 60_000;
/** The p99 drift compares the first and last 5 minutes (a third of the run each when it is shorter than 15). */
const edgeMs = (minutes: number) => Math.min(5, minutes / 3) * MINUTE;

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const max = (values: number[]) => Math.max(...values.filter(Number.isFinite));
const mmss = (ms: number) => `${Math.floor(ms / MINUTE)}:${String(Math.floor((ms % MINUTE) / 1000)).padStart(2, '0')}`;
const mb = (v: number) => `${v.toFixed(0)} MB`;

/** Least-squares RSS slope in MB per 10 minutes over the samples taken at or after `fromMs` into the run. */
function rssSlope(samples: ProcessSample[], startAt: number, fromMs = 0): number {
  const points = samples.filter((s) => s.at - startAt >= fromMs).map((s) => ({ x: (s.at - startAt) / (10 * MINUTE), y: s.rssMb }));
  return slope(points);
}

export function soakRows(r: SoakResult): BenchRow[] {
  const { from, to } = r.window;
  const edge = edgeMs(r.minutes);
  const first = { from, to: from + edge };
  const last = { from: to - edge, to };
  const pages = (w = r.window) => summariseKinds(r.run, ['first', 'later'], w);
  const posts = (w = r.window) => summariseKinds(r.run, ['event'], w);
  const users = summariseKinds({ records: r.users, startAt: from, endAt: to }, ['user']);
  const all = pages();
  const label = `soak, ${r.minutes} min at ${r.pagesPerSecond} pages/s`;

  const s = r.samples;
  const rss = s.map((x) => x.rssMb);
  const fds = s.map((x) => x.fds);
  const inWindow = (w: { from: number; to: number }) => s.filter((x) => x.at > w.from && x.at <= w.to);
  const loopP99 = (xs: ProcessSample[]) => fmtMs(median(xs.map((x) => x.loopP99Ms)));
  const settled = r.minutes > 10 ? 5 * MINUTE : 0;

  const events = eventCounts(r.run.records, r.events);
  const edgeMinutes = Number((edge / MINUTE).toFixed(1));
  const edgeLabel = `first ${edgeMinutes} min → last ${edgeMinutes} min`;
  return [
    {
      name: `${label}: capacity (closed loop, 10 conn, 20 s, same sessions, just before)`,
      value:
        `${Math.round(r.capacity)} pages/s; the soak offered ${r.fixedRate ? 'SOAK_PAGES_PER_SECOND' : 'half'}: ` +
        `${r.pagesPerSecond} pages/s (with their events), ${Math.round(users.due / (r.minutes * 60))} user ` +
        `upserts/s, a push job for every user each 5 min`,
    },
    {
      name: `${label}: pages`,
      value: `${all.due.toLocaleString('en')} due, ${Math.round(all.servedPerSecond)}/s served; ${fmtLatency(all)}`,
    },
    {
      name: `${label}: event POSTs (session_start, impressions, clicks)`,
      value: `${posts().due.toLocaleString('en')} due; ${fmtLatency(posts())}`,
    },
    { name: `${label}: user upserts (PUT /v1/users/{id})`, value: `${users.due.toLocaleString('en')} due; ${fmtLatency(users)}` },
    {
      name: `${label}: p99 drift, ${edgeLabel}`,
      value:
        `pages ${fmtMs(pages(first).p99)} → ${fmtMs(pages(last).p99)}; event POSTs ${fmtMs(posts(first).p99)} → ` +
        `${fmtMs(posts(last).p99)}`,
    },
    {
      name: `${label}: server RSS (${s.length} samples, every 10 s)`,
      value:
        `${mb(rss[0]!)} at the start, ${mb(rss.at(-1)!)} at the end, max ${mb(max(rss))}; least-squares slope ` +
        `${rssSlope(s, from).toFixed(1)} MB per 10 min` +
        (settled ? ` (${rssSlope(s, from, settled).toFixed(1)} MB per 10 min after the first 5 min)` : '') +
        `; ranked lists held ${s[0]!.lists.toLocaleString('en')} → ${s.at(-1)!.lists.toLocaleString('en')}` +
        `; anonymous RSS ${mb(s[0]!.rssAnonMb)} → ${mb(s.at(-1)!.rssAnonMb)}; HTTP thread heap ${mb(s[0]!.heapMb)} → ` +
        `${mb(s.at(-1)!.heapMb)} (max ${mb(max(s.map((x) => x.heapMb)))})`,
    },
    { name: `${label}: server open file descriptors`, value: `${fds[0]} at the start, ${fds.at(-1)} at the end, max ${max(fds)}` },
    {
      name: `${label}: HTTP thread event-loop delay (event_loop_delay_*, per 10 s interval)`,
      value:
        `p99 median ${loopP99(s)}, worst interval's p99 ${fmtMs(max(s.map((x) => x.loopP99Ms)))}, max ` +
        `${fmtMs(max(s.map((x) => x.loopMaxMs)))}; median p99 ${edgeLabel}: ${loopP99(inWindow(first))} → ` +
        `${loopP99(inWindow(last))}`,
    },
    {
      name: `${label}: push jobs (every user × 3)`,
      value: r.pushes
        .map(
          (p) => `at ${mmss(p.createdAt - from)} ${p.status} in ${p.seconds.toFixed(0)} s (${p.usersProcessed.toLocaleString('en')} users)`,
        )
        .join('; '),
    },
    {
      name: `${label}: events acknowledged vs applied`,
      value:
        `${events.acknowledged.toLocaleString('en')} acknowledged (Σ accepted of the 202s); after draining ` +
        `(${r.drain.seconds.toFixed(1)} s, events_unprocessed ${r.drain.backlog}) ` +
        `${events.stored.toLocaleString('en')} in the event log, ${events.applied.toLocaleString('en')} applied; ` +
        `${events.lost} lost (acknowledged beyond applied, by session); ` +
        `${events.unacknowledged.toLocaleString('en')} stored without a 202 received (POSTs still out at the end, ` +
        `or answered late)`,
      target: '0 lost',
    },
  ];
}

/**
 * Acknowledged events against the log, session by session (every session's
 * events are distinct: one session_start, one impression per item shown, one
 * click per tap): a session with fewer applied events than acknowledged lost
 * some; more stored than acknowledged is a batch whose answer never came back.
 */
function eventCounts(records: RequestRecord[], log: Map<string, SessionEvents>) {
  const acknowledgedBySession = new Map<string, number>();
  for (const x of records)
    if (x.acknowledged)
      acknowledgedBySession.set(x.acknowledged.session, (acknowledgedBySession.get(x.acknowledged.session) ?? 0) + x.acknowledged.events);
  let [acknowledged, lost, stored, applied, unacknowledged] = [0, 0, 0, 0, 0];
  for (const [session, n] of acknowledgedBySession) {
    acknowledged += n;
    lost += Math.max(0, n - (log.get(session)?.applied ?? 0));
  }
  for (const [session, e] of log) {
    stored += e.stored;
    applied += e.applied;
    unacknowledged += Math.max(0, e.stored - (acknowledgedBySession.get(session) ?? 0));
  }
  return { acknowledged, lost, stored, applied, unacknowledged };
}
