import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WeightSample } from './fit-weights.js';
import type { ServedBy } from './serving-algorithms.js';

/** A week of a scenario's serving: its tastes and its weights move slower than that. */
export const SAMPLE_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** The newest events read per fitting (impressions and clicks with components). */
const MAX_EVENTS = 200_000;
/** Examples per scenario and algorithm: a fit costs ~1 s of CPU per 50,000. */
const MAX_SAMPLES_PER_GROUP = 50_000;

/** The examples of what one algorithm ranked in one scenario: what its weights are fitted to. */
export interface SampleGroup {
  scenario: string;
  algorithmId: string;
  samples: WeightSample[];
}

interface Shown {
  group: string;
  key: string;
  sample: WeightSample;
  view: View;
}

/** One list as a session read it: impressions in increasing positions, down to where it stopped. */
interface View {
  /** The position of its last (lowest) click; −1 without one. */
  lastClick: number;
}

/**
 * A tenant's examples for fitting weights, per scenario and the algorithm that
 * ranked them (`servedBy`: an experiment's variants apart, so each learns from
 * its own readers only): every item a session was shown and looked at (an
 * impression whose tracking token carried the item's score components),
 * clicked or not. A click without its impression is left out: without the items
 * not clicked beside it, it says nothing about weights.
 *
 * Looked at means at or above the last click of its list (the cascade
 * assumption: a reader goes down a list and leaves after their last click).
 * Items below it were shown, not rejected: a reader who clicks the first two
 * items they like leaves others they would like below, and counted as "not
 * clicked" those taught the fit that whatever ordered the list predicts clicks
 * (bench/RESULTS.md, "Issue 16 — topics after 20 clicks: the runs' spread, and
 * items below the last click"). A list with no click counts whole. A session's lists are told apart
 * by their positions: a new list starts again from the top. Groups come sorted
 * by scenario, then algorithm.
 */
export async function readWeightSamples(db: Kysely<Database>, tenantId: string, now: number, servedBy: ServedBy): Promise<SampleGroup[]> {
  const rows = await db
    .selectFrom('events')
    .select(['type', 'session_id', 'content_id', 'scenario', 'position', 'features', 'experiment_id', 'variant'])
    .where('tenant_id', '=', tenantId)
    .where('features', 'is not', null)
    .where('occurred_at', '>=', now - SAMPLE_WINDOW_MS)
    .where('type', 'in', ['impression', 'click'])
    .orderBy('seq', 'desc')
    .limit(MAX_EVENTS)
    .execute();
  const groups = new Map<string, SampleGroup>();
  /** Per group and session: the list being read and the last impression of each item (oldest event first). */
  const sessions = new Map<string, { view: View; lastPosition: number; shown: Map<string, Shown> }>();
  const examples: Shown[] = [];
  const clicked = new Set<string>();
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.scenario === null || r.content_id === null || r.position === null || r.features === null) continue;
    const algorithmId = servedBy(r.scenario, r.experiment_id, r.variant);
    if (algorithmId === null) continue;
    const group = `${r.scenario}\0${algorithmId}`;
    if (!groups.has(group)) groups.set(group, { scenario: r.scenario, algorithmId, samples: [] });
    const sessionKey = `${group}\0${r.session_id}`;
    let session = sessions.get(sessionKey);
    if (!session) sessions.set(sessionKey, (session = { view: { lastClick: -1 }, lastPosition: Infinity, shown: new Map() }));
    const key = `${sessionKey}\0${r.content_id}`;
    if (r.type === 'click') {
      clicked.add(key);
      const shown = session.shown.get(r.content_id);
      if (shown) shown.view.lastClick = Math.max(shown.view.lastClick, shown.sample.position);
      continue;
    }
    if (r.position <= session.lastPosition) session.view = { lastClick: -1 };
    session.lastPosition = r.position;
    const shown = {
      group,
      key,
      sample: { features: JSON.parse(r.features) as number[], position: r.position, clicked: false },
      view: session.view,
    };
    session.shown.set(r.content_id, shown);
    examples.push(shown);
  }
  // The newest looked-at impression of each item a session was shown, clicked or not.
  const newest = new Map<string, Shown>();
  for (const e of examples) {
    if (e.view.lastClick >= 0 && e.sample.position > e.view.lastClick) continue;
    newest.delete(e.key); // re-inserted last: the map stays in order of each item's newest impression
    newest.set(e.key, e);
  }
  // Newest first, so MAX_SAMPLES_PER_GROUP keeps the most recent.
  for (const { key, group, sample } of [...newest.values()].reverse()) {
    const list = groups.get(group)!.samples;
    if (list.length < MAX_SAMPLES_PER_GROUP) list.push({ ...sample, clicked: clicked.has(key) });
  }
  return [...groups.values()].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.algorithmId.localeCompare(b.algorithmId));
}
