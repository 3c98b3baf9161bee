import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('users')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_active_at', 'bigint')
    .addPrimaryKeyConstraint('users_pk', ['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('user_sources')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_sources_pk', ['tenant_id', 'user_id', 'source_id'])
    .addForeignKeyConstraint('user_sources_user', ['tenant_id', 'user_id'], 'users', ['tenant_id', 'user_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  // The write-ahead log of behavioural events: committed before 202, applied by
  // the processor, which marks each row processed in the same transaction.
  let events = db.schema.createTable('events');
  events = postgres
    ? events.addColumn('seq', 'bigserial', (c) => c.primaryKey())
    : events.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
  await events
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('content_id', 'text')
    .addColumn('channel', 'text')
    .addColumn('scenario', 'text')
    .addColumn('position', 'integer')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('metadata', 'text')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('events_dedupe', ['tenant_id', 'dedupe_key'])
    .execute();
  // Partial: holds only the backlog, so marking a row processed shrinks it
  // instead of moving an entry through an index of every event ever logged.
  await db.schema.createIndex('events_unprocessed').on('events').column('seq').where(sql.ref('processed'), '=', 0).execute();
  await db.schema.createIndex('events_user').on('events').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_event_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sessions_pk', ['tenant_id', 'session_id'])
    .execute();
  await db.schema.createIndex('sessions_started').on('sessions').columns(['tenant_id', 'started_at']).execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('read_marks')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('read_marks_pk', ['tenant_id', 'user_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('user_content_signals')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dwell_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_click_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_content_signals_pk', ['tenant_id', 'user_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('content_stats')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dwell_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_stats_pk', ['tenant_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('daily_stats')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('events', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_stats_pk', ['tenant_id', 'day'])
    .execute();

  await db.schema
    .createTable('daily_actives')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_actives_pk', ['tenant_id', 'day', 'actor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'daily_actives',
    'daily_stats',
    'content_stats',
    'user_content_signals',
    'read_marks',
    'sessions',
    'events',
    'user_sources',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
