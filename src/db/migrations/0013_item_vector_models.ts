import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // The item-vector model learned from the corpus (LSA, docs/learning.md): one
  // row, shared by every tenant as the contents are. Model columns stay null
  // until the first training; the lease lets one worker of a fleet train.
  await db.schema
    .createTable('item_vector_models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trained_at', 'bigint')
    .addColumn('dimensions', 'integer')
    .addColumn('articles', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of the vocabulary, in the order of term_vectors' rows.
    .addColumn('terms', 'text')
    // base64 of little-endian float32: idf per term; terms × dimensions; the singular values.
    .addColumn('idf', 'text')
    .addColumn('term_vectors', 'text')
    .addColumn('singular_values', 'text')
    .addColumn('training_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Each article's latent vector and the model version that made it: vectors of
  // two versions are never compared.
  await db.schema.alterTable('contents').addColumn('latent_vector', 'text').execute();
  await db.schema.alterTable('contents').addColumn('latent_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contents').dropColumn('latent_version').execute();
  await db.schema.alterTable('contents').dropColumn('latent_vector').execute();
  await db.schema.dropTable('item_vector_models').execute();
}
