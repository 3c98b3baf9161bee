import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // One learned collaborative model per tenant (docs/learning.md): item factors
  // that every node's rankings read, and the lease that lets one worker of a
  // fleet train it at a time. Model columns stay null until the first training.
  await db.schema
    .createTable('collaborative_models')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trained_at', 'bigint')
    .addColumn('factors', 'integer')
    .addColumn('item_ids', 'text')
    .addColumn('item_factors', 'text')
    .addColumn('gram', 'text')
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('training_ms', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 when the training read stopped at its bound of interactions (docs/learning.md).
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Where an article's category came from (docs/analysis.md): `feed` (the item's
  // own label), `source` (the source's category) or `classifier` (learned from
  // the labelled ones). Null for rows stored before: their category came from labels.
  await db.schema.alterTable('contents').addColumn('category_source', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contents').dropColumn('category_source').execute();
  await db.schema.dropTable('collaborative_models').execute();
}
