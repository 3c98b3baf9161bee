import { setTimeout as sleep } from 'node:timers/promises';
import { clicksBody, impressionsBody, pagePath, sessionStartBody, type SessionPlan } from './app-traffic.js';
import { LoadClient, type RequestKind, type RequestRecord } from './load-client.js';

/** The part of a GET /v1/feed answer a session reads. */
interface FeedPage {
  items: { tracking_token: string }[];
  meta: { next_cursor: string | null };
}

/** Where a load run sends its requests. */
export interface LoadTarget {
  /** http://host:port */
  origin: string;
  headers: Record<string, string>;
}

export interface LoadRun {
  records: RequestRecord[];
  /** performance.now() when the run started (its schedule's zero) and when it stopped sending. */
  startAt: number;
  endAt: number;
}

const sleepUntil = (at: number) => {
  const wait = at - performance.now();
  return wait > 0 ? sleep(wait) : Promise.resolve();
};

/**
 * One session: `session_start`, then its pages along the cursor chain, and a
 * POST of its taps after each page that has some. Paced (open loop): each
 * request is due at its planned time from `startAt`, whatever happened before
 * (a page cannot go out before the previous page's cursor is back, so a late
 * answer makes the next page late too, and that counts); a plan with
 * `impressions` posts its page's impressions as the page comes back; taps are due at their
 * time or when their page came back, whichever is later. Unpaced (closed loop):
 * each request as soon as the previous one is answered, none started after `stopAt`.
 */
async function runSession(client: LoadClient, plan: SessionPlan, pace: { startAt: number } | { stopAt: number }): Promise<void> {
  const paced = 'startAt' in pace;
  const background: Promise<unknown>[] = [];
  const opened = client.send('event', paced ? pace.startAt : performance.now(), 'POST', '/v1/events', sessionStartBody(plan));
  if (paced) background.push(opened);
  else await opened;
  let cursor: string | null = null;
  for (let k = 0; k < plan.pageAtMs.length; k++) {
    let dueAt: number;
    if (paced) {
      dueAt = pace.startAt + plan.pageAtMs[k]!;
      await sleepUntil(dueAt);
    } else {
      dueAt = performance.now();
      if (dueAt >= pace.stopAt) break;
    }
    const text = await client.send(k === 0 ? 'first' : 'later', dueAt, 'GET', pagePath(plan, cursor));
    if (text === null) {
      if (paced && client.aborted)
        for (let j = k + 1; j < plan.pageAtMs.length; j++) client.missed('later', pace.startAt + plan.pageAtMs[j]!);
      break;
    }
    const page = JSON.parse(text) as FeedPage;
    if (plan.impressions && page.items.length > 0) {
      const shown = impressionsBody(
        plan,
        page.items.map((item) => item.tracking_token),
      );
      const posted = client.send('event', performance.now(), 'POST', '/v1/events', shown);
      if (paced) background.push(posted);
      else await posted;
    }
    const { positions, afterMs } = plan.clicks[k]!;
    const tokens = positions.filter((p) => p < page.items.length).map((p) => page.items[p]!.tracking_token);
    if (tokens.length > 0) {
      if (paced) {
        const tapAt = Math.max(dueAt + afterMs, performance.now());
        background.push(sleepUntil(tapAt).then(() => client.send('event', tapAt, 'POST', '/v1/events', clicksBody(plan, tokens))));
      } else if (performance.now() < pace.stopAt) {
        await client.send('event', performance.now(), 'POST', '/v1/events', clicksBody(plan, tokens));
      }
    }
    cursor = page.meta.next_cursor;
    if (!cursor) break;
  }
  await Promise.all(background);
}

/**
 * Open loop: the sessions start at their planned times from `startAt` (a
 * performance.now() time, so the caller can time its own windows), whatever
 * the server does; latency counts from when each request was due. Bounded:
 * whatever is still out `graceMs` after the last planned start is dropped and
 * counted as unanswered, so an overloaded server cannot hold the run.
 */
export async function runOpenLoop(options: {
  target: LoadTarget;
  connections: number;
  sessions: { startMs: number; plan: SessionPlan }[];
  startAt: number;
  /** Length of the schedule (ms): sessions start and pages are due before it. */
  scheduleMs: number;
  graceMs: number;
}): Promise<LoadRun> {
  const client = new LoadClient(options.target.origin, options.target.headers, options.connections);
  const { startAt } = options;
  const all = Promise.all(
    options.sessions.map(async ({ startMs, plan }) => {
      await sleepUntil(startAt + startMs);
      await runSession(client, plan, { startAt: startAt + startMs });
    }),
  );
  const deadline = sleepUntil(startAt + options.scheduleMs + options.graceMs).then(() => 'deadline' as const);
  if ((await Promise.race([all.then(() => 'done' as const), deadline])) === 'deadline') {
    await client.abort();
    await all;
  } else {
    await client.close();
  }
  return { records: client.records, startAt, endAt: startAt + options.scheduleMs };
}

/**
 * Closed loop: `connections` loops, each running sessions back to back (or
 * GETs of `path()`) for `seconds`, each request sent when the previous
 * answer is in. The throughput a target reaches with this many requests in flight.
 */
export async function runClosedLoop(options: {
  target: LoadTarget;
  connections: number;
  seconds: number;
  /** Sessions, or GETs of `path()` recorded as `kind` (default 'plain'). */
  work: { sessions: () => SessionPlan } | { path: () => string; kind?: RequestKind };
}): Promise<LoadRun> {
  const client = new LoadClient(options.target.origin, options.target.headers, options.connections);
  const startAt = performance.now();
  const stopAt = startAt + options.seconds * 1000;
  const { work } = options;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < stopAt) {
        if ('path' in work) await client.send(work.kind ?? 'plain', performance.now(), 'GET', work.path());
        else await runSession(client, work.sessions(), { stopAt });
      }
    }),
  );
  await client.close();
  return { records: client.records, startAt, endAt: stopAt };
}
