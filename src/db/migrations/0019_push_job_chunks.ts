import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0019 (issue 20, item 2): a push job's users split into chunks, ranges of its
// ordered target list, each leased on its own, so several workers rank one job
// and a crash loses only the chunks in flight. A chunk's lines go to a part file
// (`part_key`) written under its attempt; the job's file is the parts in `seq` order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_job_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('push_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // `all` and `active`: user ids after `after_user_id` up to `through_user_id` (null: open end).
    .addColumn('after_user_id', 'text')
    .addColumn('through_user_id', 'text')
    // `manual`: the chunk's slice of the job's user_ids, as a JSON array (a user erased
    // meanwhile leaves both lists, so positions would shift; the slice does not).
    .addColumn('user_ids', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('part_key', 'text')
    .execute();
  await db.schema.createIndex('push_job_chunks_job').on('push_job_chunks').columns(['job_id', 'seq']).unique().execute();
  await db.schema.createIndex('push_job_chunks_status').on('push_job_chunks').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_job_chunks').execute();
}
