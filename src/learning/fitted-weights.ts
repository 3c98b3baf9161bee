import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findAlgorithm, listScenarios, type Algorithm } from '../scenarios/scenario-repo.js';
import { fitWeights, type Weights } from './fit-weights.js';
import { readWeightSamples } from './weight-samples.js';

export interface FittedWeights {
  scenario: string;
  weights: Weights;
  impressions: number;
  clicks: number;
  fittedAt: number;
}

/**
 * Fits the weights of each of the tenant's scenarios to its last week of
 * impressions and clicks (fit-weights.ts) and stores them; a scenario whose
 * data has become too thin loses its fitted weights (its configured ones
 * stand). Returns the scenarios fitted. Workers run it after a tenant's
 * collaborative training.
 */
export async function fitTenantWeights(db: Kysely<Database>, tenantId: string, now: number): Promise<FittedWeights[]> {
  const samples = await readWeightSamples(db, tenantId, now);
  const fitted: FittedWeights[] = [];
  for (const scenario of await listScenarios(db, tenantId)) {
    const algorithm = await findAlgorithm(db, tenantId, scenario.algorithmId);
    const examples = samples.get(scenario.name) ?? [];
    const weights = algorithm ? fitWeights(examples, algorithm.config.weights) : null;
    if (weights === null) {
      await db.deleteFrom('fitted_weights').where('tenant_id', '=', tenantId).where('scenario', '=', scenario.name).execute();
      continue;
    }
    const row = { weights: JSON.stringify(weights), impressions: examples.length, clicks: examples.filter((e) => e.clicked).length, fitted_at: now };
    await db
      .insertInto('fitted_weights')
      .values({ tenant_id: tenantId, scenario: scenario.name, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'scenario']).doUpdateSet(row))
      .execute();
    fitted.push({ scenario: scenario.name, weights, impressions: row.impressions, clicks: row.clicks, fittedAt: now });
  }
  return fitted;
}

export async function findFittedWeights(db: Kysely<Database>, tenantId: string, scenario: string): Promise<FittedWeights | null> {
  const row = await db.selectFrom('fitted_weights').selectAll().where('tenant_id', '=', tenantId).where('scenario', '=', scenario).executeTakeFirst();
  if (!row) return null;
  return { scenario, weights: JSON.parse(row.weights) as Weights, impressions: Number(row.impressions), clicks: Number(row.clicks), fittedAt: Number(row.fitted_at) };
}

/**
 * The algorithm a scenario ranks with: its own, or, when it asks for learned
 * weights and the scenario has them, the same with the fitted weights. That
 * one has an id of its own (`<id>@<scenario>`), so lists ranked with other
 * weights are never served for it.
 */
export async function effectiveAlgorithm(db: Kysely<Database>, scenario: string, algorithm: Algorithm): Promise<Algorithm> {
  if (!algorithm.config.learned_weights) return algorithm;
  const fitted = await findFittedWeights(db, algorithm.tenantId, scenario);
  if (fitted === null) return algorithm;
  return { ...algorithm, id: `${algorithm.id}@${scenario}`, config: { ...algorithm.config, weights: fitted.weights } };
}
