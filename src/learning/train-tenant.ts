import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ALS_DEFAULTS, gramMatrix, trainAls } from './implicit-als.js';
import { readTenantInteractions } from './interactions.js';
import { fitTenantWeights } from './fitted-weights.js';
import { saveModel } from './model-store.js';

/** What one training did: the admin model status and the training log line report it. */
export interface TrainingReport {
  tenantId: string;
  version: number;
  users: number;
  items: number;
  interactions: number;
  truncated: boolean;
  readMs: number;
  trainMs: number;
  /** The heap the matrix and factors took, measured around the run (MB). */
  heapMb: number;
  /** Scenarios with weights fitted to their clicks in this run (fitted-weights.ts), each once. */
  fittedScenarios: string[];
  /** What was fitted in this run: one entry per scenario and algorithm (an experiment's variants apart). */
  fitted: { scenario: string; algorithmId: string }[];
}

/**
 * Reads the tenant's interactions, factorises them and stores the item
 * factors as the tenant's next model version, then fits the weights of each
 * algorithm in each scenario to its clicks. The caller holds the lease. The seed is fixed, so
 * the same interactions give the same model.
 */
export async function trainTenant(db: Kysely<Database>, tenantId: string, now: number): Promise<TrainingReport> {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const { matrix, itemIds, truncated } = await readTenantInteractions(db, tenantId, now);
  const read = performance.now();
  const model = trainAls(matrix, ALS_DEFAULTS);
  const gram = gramMatrix(model.itemFactors, model.factors, ALS_DEFAULTS.regularization);
  const trained = performance.now();
  const heapMb = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const version = await saveModel(db, tenantId, now, {
    factors: model.factors,
    itemIds,
    itemFactors: model.itemFactors,
    gram,
    users: matrix.users,
    interactions: matrix.item.length,
    truncated,
    trainingMs: trained - started,
  });
  const fitted = await fitTenantWeights(db, tenantId, now);
  return {
    tenantId,
    version,
    fittedScenarios: [...new Set(fitted.map((f) => f.scenario))],
    fitted: fitted.map((f) => ({ scenario: f.scenario, algorithmId: f.algorithmId })),
    users: matrix.users,
    items: matrix.items,
    interactions: matrix.item.length,
    truncated,
    readMs: Math.round(read - started),
    trainMs: Math.round(trained - read),
    heapMb: Math.round(heapMb),
  };
}
