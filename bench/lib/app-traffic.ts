import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * App-shaped feed traffic (issue 15): a user opens the app (a `session_start`
 * event), reads 1–5 pages of one cursor chain over a few seconds, and taps
 * some of the items it was shown (`click` events with their tracking tokens).
 * Sessions are drawn from a seeded stream, so every run and every target is
 * offered the same users, areas, page counts, gaps and clicks.
 */
export interface SessionPlan {
  /** Unique within a run: `session_id` of its events. */
  id: string;
  /** `user_<n>` of the generated users, or null for an anonymous session. */
  userId: string | null;
  /** Asks for 渋谷 at station level on every page (a chain keeps its query). */
  area: boolean;
  /** When each page is read, in ms after the session starts (the first at 0). */
  pageAtMs: number[];
  /** For each page: the positions tapped (0-based), and when, in ms after the page is read. */
  clicks: { positions: number[]; afterMs: number }[];
  /** Also POST an `impression` for every item of each page as it is answered (the soak's mix; the feed benchmark's sessions have none). */
  impressions?: boolean;
}

export const TRAFFIC = {
  /** Registered users are `user_1` … `user_100000` (bench/lib/feed-data.ts). */
  users: 100_000,
  anonymousShare: 0.4,
  areaShare: 0.2,
  /**
   * Chances of reading 1, 2, 3, 4 or 5 pages: a mean of 3.35 pages, so 30 % of
   * pages are a session's first (1 / 3.35 = 29.9 %).
   */
  pagesWeights: [0.15, 0.15, 0.2, 0.2, 0.3],
  /** Time between two pages of a session: uniform in this range (ms). */
  gapMs: [500, 2000],
  /** Each item served is tapped with this chance: 0.6 clicks per page of 20. */
  clickChance: 0.03,
  /** A page's taps are sent in one POST this long after the page is read (ms, uniform). */
  clickAfterMs: [200, 1000],
} as const;

export const MEAN_PAGES = TRAFFIC.pagesWeights.reduce((sum, w, i) => sum + w * (i + 1), 0);
/** Items a page shows: the feed's default limit. */
const PAGE_SIZE = 20;
const AREA_QUERY = `&area_names=${encodeURIComponent('渋谷')}&area_level=station`;

const between = (random: () => number, [low, high]: readonly [number, number]) => low + random() * (high - low);

/** An endless, seeded stream of sessions; `prefix` keeps session ids unique across runs. */
export function sessionStream(seed: number, prefix: string): () => SessionPlan {
  const random = seededRandom(seed);
  let n = 0;
  return () => {
    n += 1;
    const userId = random() < TRAFFIC.anonymousShare ? null : `user_${1 + Math.floor(random() * TRAFFIC.users)}`;
    const area = random() < TRAFFIC.areaShare;
    let r = random();
    let pages = TRAFFIC.pagesWeights.findIndex((w) => (r -= w) < 0) + 1;
    if (pages === 0) pages = TRAFFIC.pagesWeights.length;
    const pageAtMs = [0];
    for (let k = 1; k < pages; k++) pageAtMs.push(pageAtMs[k - 1]! + between(random, TRAFFIC.gapMs));
    const clicks = pageAtMs.map(() => {
      const positions: number[] = [];
      for (let p = 0; p < PAGE_SIZE; p++) if (random() < TRAFFIC.clickChance) positions.push(p);
      return { positions, afterMs: between(random, TRAFFIC.clickAfterMs) };
    });
    return { id: `${prefix}-${n}`, userId, area, pageAtMs, clicks };
  };
}

/**
 * Sessions starting in [0, seconds) as a Poisson process whose page rate is
 * `pagesPerSecond` (sessions at pagesPerSecond / MEAN_PAGES a second), each with
 * its start in ms. Pages a session would read at or after `seconds` are dropped.
 */
export function scheduleSessions(
  next: () => SessionPlan,
  pagesPerSecond: number,
  seconds: number,
  seed: number,
): { startMs: number; plan: SessionPlan }[] {
  const random = seededRandom(seed);
  const sessionsPerMs = pagesPerSecond / MEAN_PAGES / 1000;
  const endMs = seconds * 1000;
  const out: { startMs: number; plan: SessionPlan }[] = [];
  for (let t = -Math.log(1 - random()) / sessionsPerMs; t < endMs; t += -Math.log(1 - random()) / sessionsPerMs) {
    const plan = next();
    const kept = plan.pageAtMs.filter((at) => t + at < endMs).length;
    out.push({ startMs: t, plan: { ...plan, pageAtMs: plan.pageAtMs.slice(0, kept), clicks: plan.clicks.slice(0, kept) } });
  }
  return out;
}

/** The path of one page of a session: its user and area, and the previous page's cursor. */
export function pagePath(plan: SessionPlan, cursor: string | null): string {
  let path = '/v1/feed?scenario=bench';
  if (plan.userId) path += `&user_id=${plan.userId}`;
  if (plan.area) path += AREA_QUERY;
  if (cursor) path += `&cursor=${encodeURIComponent(cursor)}`;
  return path;
}

function event(plan: SessionPlan, type: 'session_start' | 'click' | 'impression', trackingToken?: string) {
  return {
    type,
    session_id: plan.id,
    ...(plan.userId && { user_id: plan.userId }),
    ...(trackingToken && { tracking_token: trackingToken }),
    occurred_at: new Date().toISOString(),
  };
}

export const sessionStartBody = (plan: SessionPlan) => JSON.stringify({ events: [event(plan, 'session_start')] });
export const clicksBody = (plan: SessionPlan, tokens: string[]) => JSON.stringify({ events: tokens.map((t) => event(plan, 'click', t)) });
export const impressionsBody = (plan: SessionPlan, tokens: string[]) =>
  JSON.stringify({ events: tokens.map((t) => event(plan, 'impression', t)) });
