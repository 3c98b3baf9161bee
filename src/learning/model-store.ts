import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeVector, encodeVector } from '../analysis/vector-codec.js';

/** A tenant's collaborative model as rankings use it. */
export interface CollaborativeModel {
  version: number;
  trainedAt: number;
  factors: number;
  /** Row of each item in `itemFactors`. */
  itemRow: ReadonlyMap<string, number>;
  /** The item of each row. */
  itemIds: readonly string[];
  /** The length of each row's factors (cosines between items divide by it). */
  itemNorms: Float32Array;
  /** The mean of the item rows, ȳ: a user's average predicted preference is u · ȳ (collaborative-models.ts). */
  meanItem: Float32Array;
  /** items × factors, row-major. */
  itemFactors: Float32Array;
  /** YᵀY + λI (factors × factors): folding a user in starts from it. */
  gram: Float64Array;
}

/** What an operator sees of a tenant's model (GET /admin/v1/tenants/{id}/model). */
export interface ModelStatus {
  version: number;
  trainedAt: number | null;
  factors: number | null;
  users: number;
  items: number;
  interactions: number;
  truncated: boolean;
  trainingMs: number;
  /** A worker holds the training lease now. */
  training: boolean;
}

export interface TrainedModel {
  factors: number;
  itemIds: string[];
  itemFactors: Float32Array;
  gram: Float64Array;
  users: number;
  interactions: number;
  truncated: boolean;
  trainingMs: number;
}

/** The stored model's version (0 before the first training, null for a tenant never leased). */
export async function modelVersion(db: Kysely<Database>, tenantId: string): Promise<number | null> {
  const row = await db.selectFrom('collaborative_models').select('version').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row ? Number(row.version) : null;
}

export async function loadModel(db: Kysely<Database>, tenantId: string): Promise<CollaborativeModel | null> {
  const row = await db
    .selectFrom('collaborative_models')
    .select(['version', 'trained_at', 'factors', 'item_ids', 'item_factors', 'gram'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row || row.item_ids === null || row.item_factors === null || row.gram === null || row.factors === null) return null;
  const ids = JSON.parse(row.item_ids) as string[];
  const itemFactors = decodeVector(row.item_factors);
  const k = row.factors;
  const itemNorms = new Float32Array(ids.length);
  const sums = new Float64Array(k);
  for (let i = 0; i < ids.length; i++) {
    let sum = 0;
    for (let f = 0; f < k; f++) {
      const y = itemFactors[i * k + f]!;
      sum += y * y;
      sums[f]! += y;
    }
    itemNorms[i] = Math.sqrt(sum);
  }
  return {
    version: Number(row.version),
    trainedAt: Number(row.trained_at),
    factors: k,
    itemRow: new Map(ids.map((id, i) => [id, i])),
    itemIds: ids,
    itemNorms,
    meanItem: Float32Array.from(sums, (s) => (ids.length === 0 ? 0 : s / ids.length)),
    itemFactors,
    gram: decodeFloat64(row.gram),
  };
}

export async function modelStatus(db: Kysely<Database>, tenantId: string, now: number): Promise<ModelStatus> {
  const row = await db
    .selectFrom('collaborative_models')
    .select(['version', 'trained_at', 'factors', 'users', 'items', 'interactions', 'truncated', 'training_ms', 'lease_until'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row)
    return {
      version: 0,
      trainedAt: null,
      factors: null,
      users: 0,
      items: 0,
      interactions: 0,
      truncated: false,
      trainingMs: 0,
      training: false,
    };
  return {
    version: Number(row.version),
    trainedAt: row.trained_at === null ? null : Number(row.trained_at),
    factors: row.factors,
    users: Number(row.users),
    items: Number(row.items),
    interactions: Number(row.interactions),
    truncated: Number(row.truncated) === 1,
    trainingMs: Number(row.training_ms),
    training: Number(row.lease_until) > now,
  };
}

/**
 * Takes the tenant's training lease until `until` if no worker holds it: one
 * worker of a fleet trains a tenant at a time. True when taken.
 */
export async function takeTrainingLease(db: Kysely<Database>, tenantId: string, now: number, until: number): Promise<boolean> {
  await db
    .insertInto('collaborative_models')
    .values({ tenant_id: tenantId })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const result = await db
    .updateTable('collaborative_models')
    .set({ lease_until: until })
    .where('tenant_id', '=', tenantId)
    .where('lease_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a trained model as the next version and gives the lease back. */
export async function saveModel(db: Kysely<Database>, tenantId: string, trainedAt: number, model: TrainedModel): Promise<number> {
  const row = await db
    .updateTable('collaborative_models')
    .set((eb) => ({
      version: eb('version', '+', 1),
      trained_at: trainedAt,
      factors: model.factors,
      item_ids: JSON.stringify(model.itemIds),
      item_factors: encodeVector(model.itemFactors),
      gram: encodeFloat64(model.gram),
      users: model.users,
      items: model.itemIds.length,
      interactions: model.interactions,
      truncated: model.truncated ? 1 : 0,
      training_ms: Math.round(model.trainingMs),
      lease_until: 0,
    }))
    .where('tenant_id', '=', tenantId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export async function releaseTrainingLease(db: Kysely<Database>, tenantId: string): Promise<void> {
  await db.updateTable('collaborative_models').set({ lease_until: 0 }).where('tenant_id', '=', tenantId).execute();
}

function encodeFloat64(v: Float64Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

function decodeFloat64(s: string): Float64Array {
  const bytes = Buffer.from(s, 'base64');
  // A copy: the decoded buffer's offset need not be 8-aligned.
  return new Float64Array(Uint8Array.from(bytes).buffer);
}
