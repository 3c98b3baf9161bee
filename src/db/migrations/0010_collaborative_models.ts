import { sql, type Kysely } from 'kysely';

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
  // The score components a served item's tracking token carried (JSON array), kept with
  // its impression and click: the examples that fit a scenario's weights (docs/learning.md).
  await db.schema.alterTable('events').addColumn('features', 'text').execute();
  // The fitter reads a tenant's newest such events; only they are indexed.
  await db.schema
    .createIndex('events_features')
    .on('events')
    .columns(['tenant_id', 'seq'])
    .where(sql.ref('features'), 'is not', null)
    .execute();
  // Weights fitted per tenant and scenario from those examples.
  await db.schema
    .createTable('fitted_weights')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('weights', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('fitted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fitted_weights_pk', ['tenant_id', 'scenario'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fitted_weights').execute();
  await db.schema.dropIndex('events_features').execute();
  await db.schema.alterTable('events').dropColumn('features').execute();
  await db.schema.alterTable('contents').dropColumn('category_source').execute();
  await db.schema.dropTable('collaborative_models').execute();
}
