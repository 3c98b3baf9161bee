import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0014 (issue 22, item 4): an experiment's shares may be set by a bandit.
export async function up(db: Kysely<any>): Promise<void> {
  // `fixed`: the operator sets the shares. `thompson`: Thompson sampling sets them from
  // the results as the experiment runs (docs/experiments.md, "Bandit").
  await db.schema
    .alterTable('experiments')
    .addColumn('allocation', 'text', (c) => c.notNull().defaultTo('fixed'))
    .execute();
  // When the bandit last set the shares (null: never).
  await db.schema.alterTable('experiments').addColumn('reallocated_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('experiments').dropColumn('reallocated_at').execute();
  await db.schema.alterTable('experiments').dropColumn('allocation').execute();
}
