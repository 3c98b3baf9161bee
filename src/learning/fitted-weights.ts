import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findAlgorithm, type Algorithm } from '../scenarios/scenario-repo.js';
import { fitWeights, type Weights } from './fit-weights.js';
import { servingAlgorithms } from './serving-algorithms.js';
import { readWeightSamples } from './weight-samples.js';

export interface FittedWeights {
  scenario: string;
  algorithmId: string;
  weights: Weights;
  impressions: number;
  clicks: number;
  fittedAt: number;
}

/**
 * Fits the weights of each algorithm in each of the tenant's scenarios to the
 * last week of impressions and clicks of the items it ranked there
 * (fit-weights.ts) and stores them. Per algorithm, not per scenario: the
 * variants of an experiment each learn from their own readers, or every
 * variant would rank with one pooled set and the experiment would compare
 * nothing (bench/RESULTS.md, issue 16, "Should learned_weights default to
 * true?"). Fits whose data has become too thin are dropped (the configured
 * weights stand). Returns what was fitted. Workers run it after a tenant's
 * collaborative training.
 */
export async function fitTenantWeights(db: Kysely<Database>, tenantId: string, now: number): Promise<FittedWeights[]> {
  const groups = await readWeightSamples(db, tenantId, now, await servingAlgorithms(db, tenantId));
  const fitted: FittedWeights[] = [];
  for (const { scenario, algorithmId, samples } of groups) {
    const algorithm = await findAlgorithm(db, tenantId, algorithmId);
    const weights = algorithm ? fitWeights(samples, algorithm.config.weights) : null;
    if (weights === null) continue;
    const row = {
      weights: JSON.stringify(weights),
      impressions: samples.length,
      clicks: samples.filter((e) => e.clicked).length,
      fitted_at: now,
    };
    await db
      .insertInto('fitted_weights')
      .values({ tenant_id: tenantId, scenario, algorithm_id: algorithmId, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'scenario', 'algorithm_id']).doUpdateSet(row))
      .execute();
    fitted.push({ scenario, algorithmId, weights, impressions: row.impressions, clicks: row.clicks, fittedAt: now });
  }
  const kept = new Set(fitted.map((f) => `${f.scenario}\0${f.algorithmId}`));
  const stored = await db.selectFrom('fitted_weights').select(['scenario', 'algorithm_id']).where('tenant_id', '=', tenantId).execute();
  for (const s of stored.filter((s) => !kept.has(`${s.scenario}\0${s.algorithm_id}`))) {
    await db
      .deleteFrom('fitted_weights')
      .where('tenant_id', '=', tenantId)
      .where('scenario', '=', s.scenario)
      .where('algorithm_id', '=', s.algorithm_id)
      .execute();
  }
  return fitted;
}

export async function findFittedWeights(
  db: Kysely<Database>,
  tenantId: string,
  scenario: string,
  algorithmId: string,
): Promise<FittedWeights | null> {
  const row = await db
    .selectFrom('fitted_weights')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('scenario', '=', scenario)
    .where('algorithm_id', '=', algorithmId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    scenario,
    algorithmId,
    weights: JSON.parse(row.weights) as Weights,
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    fittedAt: Number(row.fitted_at),
  };
}

/**
 * The algorithm as it ranks in a scenario: itself, or, when it asks for
 * learned weights and has been fitted there, the same with its fitted
 * weights. That one has an id of its own (`<id>@<scenario>`), so lists ranked
 * with other weights are never served for it.
 */
export async function effectiveAlgorithm(db: Kysely<Database>, scenario: string, algorithm: Algorithm): Promise<Algorithm> {
  if (!algorithm.config.learned_weights) return algorithm;
  const fitted = await findFittedWeights(db, algorithm.tenantId, scenario, algorithm.id);
  if (fitted === null) return algorithm;
  return { ...algorithm, id: `${algorithm.id}@${scenario}`, config: { ...algorithm.config, weights: fitted.weights } };
}
