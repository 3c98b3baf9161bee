import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // The job queue of DESIGN §2 and §10: rows are the truth; a worker holds a job by its lease.
  await db.schema
    .createTable('push_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('target_mode', 'text', (c) => c.notNull())
    .addColumn('candidates_per_user', 'integer', (c) => c.notNull())
    // JSON array of the requested ids (manual mode only).
    .addColumn('user_ids', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users_total', 'integer', (c) => c.notNull())
    .addColumn('users_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_millicredits', 'bigint', (c) => c.notNull())
    .addColumn('charged_millicredits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('result_key', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .execute();
  await db.schema.createIndex('push_jobs_tenant_status').on('push_jobs').columns(['tenant_id', 'status']).execute();
  await db.schema.createIndex('push_jobs_queue').on('push_jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('push_jobs_idempotency').on('push_jobs').columns(['tenant_id', 'idempotency_key']).unique().execute();

  // What each user was offered by a push file: not offered again for 24 hours.
  await db.schema
    .createTable('push_history')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('pushed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_history_user').on('push_history').columns(['tenant_id', 'user_id', 'pushed_at']).execute();
  await db.schema.createIndex('push_history_job').on('push_history').column('job_id').execute();
  await db.schema.createIndex('push_history_age').on('push_history').column('pushed_at').execute();

  // The webhook outbox: written in the transaction that finishes a job, so no event is lost.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_tenant').on('webhook_deliveries').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('push_history').execute();
  await db.schema.dropTable('push_jobs').execute();
}
