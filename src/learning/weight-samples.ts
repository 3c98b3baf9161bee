import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WeightSample } from './fit-weights.js';

/** A week of a scenario's serving: its tastes and its weights move slower than that. */
export const SAMPLE_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** The newest events read per fitting (impressions and clicks with components). */
const MAX_EVENTS = 200_000;
/** Examples per scenario: a fit costs ~1 s of CPU per 50,000. */
const MAX_SAMPLES_PER_SCENARIO = 50_000;

/**
 * A tenant's examples for fitting weights, per scenario: every item a
 * session was shown (an impression whose tracking token carried the item's
 * score components), clicked or not. A click without its impression is left
 * out: without the items not clicked beside it, it says nothing about weights.
 */
export async function readWeightSamples(db: Kysely<Database>, tenantId: string, now: number): Promise<Map<string, WeightSample[]>> {
  const rows = await db
    .selectFrom('events')
    .select(['type', 'session_id', 'content_id', 'scenario', 'position', 'features'])
    .where('tenant_id', '=', tenantId)
    .where('features', 'is not', null)
    .where('occurred_at', '>=', now - SAMPLE_WINDOW_MS)
    .where('type', 'in', ['impression', 'click'])
    .orderBy('seq', 'desc')
    .limit(MAX_EVENTS)
    .execute();
  const shown = new Map<string, { scenario: string; sample: WeightSample }>();
  const clicked = new Set<string>();
  for (const r of rows) {
    if (r.scenario === null || r.content_id === null || r.position === null || r.features === null) continue;
    const key = `${r.scenario}\0${r.session_id}\0${r.content_id}`;
    if (r.type === 'click') clicked.add(key);
    else if (!shown.has(key)) shown.set(key, { scenario: r.scenario, sample: { features: JSON.parse(r.features) as number[], position: r.position, clicked: false } });
  }
  const byScenario = new Map<string, WeightSample[]>();
  for (const [key, { scenario, sample }] of shown) {
    let list = byScenario.get(scenario);
    if (!list) byScenario.set(scenario, (list = []));
    if (list.length < MAX_SAMPLES_PER_SCENARIO) list.push({ ...sample, clicked: clicked.has(key) });
  }
  return byScenario;
}
