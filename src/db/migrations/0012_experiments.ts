import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0012 (issue 22): experiments, A/B tests of algorithms (docs/experiments.md).
export async function up(db: Kysely<any>): Promise<void> {
  // One experiment on one scenario: its variants (JSON: [{name, algorithm_id, share}])
  // and its life: draft → running → stopped. One running experiment per scenario is
  // checked by the routes (a partial unique index would differ between the backends).
  await db.schema
    .createTable('experiments')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('control', 'text', (c) => c.notNull())
    .addColumn('min_users_per_variant', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('stopped_at', 'bigint')
    .addColumn('promoted_variant', 'text')
    .addPrimaryKeyConstraint('experiments_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('experiments_scenario').on('experiments').columns(['tenant_id', 'scenario', 'status']).execute();

  // The variant each user_id was first served: read back so that changing the shares
  // never moves a user already assigned (docs/experiments.md, "Assignment").
  await db.schema
    .createTable('experiment_assignments')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_assignments_pk', ['tenant_id', 'experiment_id', 'user_id'])
    .addForeignKeyConstraint('experiment_assignments_experiment', ['tenant_id', 'experiment_id'], 'experiments', ['tenant_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  // What each variant served per UTC day: feed pages, push users, and the credits
  // they used. Outcomes are not counted here: they are read from the events.
  await db.schema
    .createTable('experiment_serving')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('feed_requests', 'integer', (c) => c.notNull())
    .addColumn('push_users', 'integer', (c) => c.notNull())
    .addColumn('millicredits', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_serving_pk', ['tenant_id', 'experiment_id', 'variant', 'day'])
    .addForeignKeyConstraint('experiment_serving_experiment', ['tenant_id', 'experiment_id'], 'experiments', ['tenant_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  // The experiment and variant a served item's tracking token named, kept with its event.
  await db.schema.alterTable('events').addColumn('experiment_id', 'text').execute();
  await db.schema.alterTable('events').addColumn('variant', 'text').execute();
  // Results read an experiment's events (docs/experiments.md, "Attribution"); only those are indexed.
  await db.schema
    .createIndex('events_experiment')
    .on('events')
    .columns(['tenant_id', 'experiment_id', 'variant'])
    .where(sql.ref('experiment_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_experiment').execute();
  await db.schema.alterTable('events').dropColumn('variant').execute();
  await db.schema.alterTable('events').dropColumn('experiment_id').execute();
  await db.schema.dropTable('experiment_serving').execute();
  await db.schema.dropTable('experiment_assignments').execute();
  await db.schema.dropTable('experiments').execute();
}
