import type { Kysely } from 'kysely';
import type { LatentModel } from '../analysis/latent-model.js';
import { decodeVector, encodeVector } from '../analysis/vector-codec.js';
import type { Database } from '../db/schema.js';

/** The one row of item_vector_models: contents are shared by every tenant, and so is what is learned from them. */
const ID = 'corpus';

/** What an operator (and the log) sees of the stored model. */
export interface ItemVectorModelStatus {
  version: number;
  trainedAt: number | null;
  dimensions: number | null;
  articles: number;
  terms: number;
  trainingMs: number;
}

/** The stored model's version (0 before the first training). */
export async function itemVectorModelVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('item_vector_models').select('version').where('id', '=', ID).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export async function loadItemVectorModel(db: Kysely<Database>): Promise<LatentModel | null> {
  const row = await db
    .selectFrom('item_vector_models')
    .select(['version', 'dimensions', 'articles', 'terms', 'idf', 'term_vectors', 'singular_values'])
    .where('id', '=', ID)
    .executeTakeFirst();
  if (
    !row ||
    row.dimensions === null ||
    row.terms === null ||
    row.idf === null ||
    row.term_vectors === null ||
    row.singular_values === null
  )
    return null;
  return {
    version: Number(row.version),
    dimensions: row.dimensions,
    articles: Number(row.articles),
    terms: JSON.parse(row.terms) as string[],
    idf: decodeVector(row.idf),
    termVectors: decodeVector(row.term_vectors),
    singularValues: decodeVector(row.singular_values),
  };
}

/** Takes the training lease until `until` if no worker holds it: one worker of a fleet trains at a time. True when taken. */
export async function takeItemVectorLease(db: Kysely<Database>, now: number, until: number): Promise<boolean> {
  await db
    .insertInto('item_vector_models')
    .values({ id: ID })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const result = await db
    .updateTable('item_vector_models')
    .set({ lease_until: until })
    .where('id', '=', ID)
    .where('lease_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseItemVectorLease(db: Kysely<Database>): Promise<void> {
  await db.updateTable('item_vector_models').set({ lease_until: 0 }).where('id', '=', ID).execute();
}

/** Stores a trained model as the next version (the lease is kept: the articles are projected next); returns the version. */
export async function saveItemVectorModel(
  db: Kysely<Database>,
  trainedAt: number,
  model: Omit<LatentModel, 'version'>,
  trainingMs: number,
): Promise<number> {
  const row = await db
    .updateTable('item_vector_models')
    .set((eb) => ({
      version: eb('version', '+', 1),
      trained_at: trainedAt,
      dimensions: model.dimensions,
      articles: model.articles,
      terms: JSON.stringify(model.terms),
      idf: encodeVector(model.idf),
      term_vectors: encodeVector(model.termVectors),
      singular_values: encodeVector(model.singularValues),
      training_ms: Math.round(trainingMs),
    }))
    .where('id', '=', ID)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export async function itemVectorModelStatus(db: Kysely<Database>): Promise<ItemVectorModelStatus> {
  const row = await db
    .selectFrom('item_vector_models')
    .select(['version', 'trained_at', 'dimensions', 'articles', 'terms', 'training_ms'])
    .where('id', '=', ID)
    .executeTakeFirst();
  if (!row) return { version: 0, trainedAt: null, dimensions: null, articles: 0, terms: 0, trainingMs: 0 };
  return {
    version: Number(row.version),
    trainedAt: row.trained_at === null ? null : Number(row.trained_at),
    dimensions: row.dimensions,
    articles: Number(row.articles),
    terms: row.terms === null ? 0 : (JSON.parse(row.terms) as string[]).length,
    trainingMs: Number(row.training_ms),
  };
}
