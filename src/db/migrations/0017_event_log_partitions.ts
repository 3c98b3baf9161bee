import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0017 (issue 20): with EVENT_LOG_URL the events wait in a JetStream stream, split
// into partitions by user. One row per stream and partition: which processor holds
// it (a lease, renewed), and the last stream sequence whose events are applied,
// written in the transaction that applies them, so a processor that takes a
// partition over resumes exactly after it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_log_partitions')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('partition', 'integer', (c) => c.notNull())
    .addColumn('applied_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_log_partitions_pk', ['stream', 'partition'])
    .execute();
  // The processors alive (renewed with their leases), so each holds about its share
  // of the partitions, a new one included before it holds any.
  await db.schema
    .createTable('event_log_processors')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('alive_until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_log_processors_pk', ['stream', 'owner'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_log_processors').execute();
  await db.schema.dropTable('event_log_partitions').execute();
}
