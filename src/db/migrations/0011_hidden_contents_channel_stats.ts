import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0011 (issue 19): hidden articles, and daily counts per scenario and channel.
export async function up(db: Kysely<any>): Promise<void> {
  // An operator hid the article (docs/admin-api.md): kept, shown to operators, never
  // served. Null when it is not hidden. A crawl that updates the article leaves both.
  await db.schema.alterTable('contents').addColumn('hidden_at', 'bigint').execute();
  await db.schema.alterTable('contents').addColumn('hidden_reason', 'text').execute();

  // daily_stats per scenario and channel (feed or push) of the events that named them
  // ('' where an event named none): the trends' filter (docs/console.md, Trends).
  await db.schema
    .createTable('daily_channel_stats')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_channel_stats_pk', ['tenant_id', 'day', 'scenario', 'channel'])
    .execute();
  // Who was active in a scenario and channel that day (an event about an article there).
  await db.schema
    .createTable('daily_channel_actives')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_channel_actives_pk', ['tenant_id', 'day', 'scenario', 'channel', 'actor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('daily_channel_actives').execute();
  await db.schema.dropTable('daily_channel_stats').execute();
  await db.schema.alterTable('contents').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('contents').dropColumn('hidden_at').execute();
}
