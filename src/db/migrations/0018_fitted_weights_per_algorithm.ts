import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0018 (issue 16 part 4): weights are fitted per scenario *and algorithm*, so each
// variant of an experiment learns from the items its own algorithm ranked
// (docs/learning.md, "Weights fitted to outcomes"). The table is made anew rather
// than altered: its key changes (SQLite cannot alter a primary key), and its rows
// are derived data that the next training fits again; until then every algorithm
// ranks with its configured weights.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fitted_weights').execute();
  await db.schema
    .createTable('fitted_weights')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('algorithm_id', 'text', (c) => c.notNull())
    .addColumn('weights', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('fitted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fitted_weights_pk', ['tenant_id', 'scenario', 'algorithm_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fitted_weights').execute();
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
