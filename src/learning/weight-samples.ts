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

/**
 * A tenant's examples for fitting weights, per scenario and the algorithm that
 * ranked them (`servedBy`: an experiment's variants apart, so each learns from
 * its own readers only): every item a session was shown (an impression whose
 * tracking token carried the item's score components), clicked or not. A click
 * without its impression is left out: without the items not clicked beside it,
 * it says nothing about weights. Groups come sorted by scenario, then algorithm.
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
  const shown = new Map<string, { group: string; sample: WeightSample }>();
  const clicked = new Set<string>();
  const groups = new Map<string, SampleGroup>();
  for (const r of rows) {
    if (r.scenario === null || r.content_id === null || r.position === null || r.features === null) continue;
    const algorithmId = servedBy(r.scenario, r.experiment_id, r.variant);
    if (algorithmId === null) continue;
    const group = `${r.scenario}\0${algorithmId}`;
    if (!groups.has(group)) groups.set(group, { scenario: r.scenario, algorithmId, samples: [] });
    const key = `${group}\0${r.session_id}\0${r.content_id}`;
    if (r.type === 'click') clicked.add(key);
    else if (!shown.has(key))
      shown.set(key, { group, sample: { features: JSON.parse(r.features) as number[], position: r.position, clicked: false } });
  }
  for (const [key, { group, sample }] of shown) {
    const list = groups.get(group)!.samples;
    if (list.length < MAX_SAMPLES_PER_GROUP) list.push({ ...sample, clicked: clicked.has(key) });
  }
  return [...groups.values()].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.algorithmId.localeCompare(b.algorithmId));
}
