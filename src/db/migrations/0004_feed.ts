import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // The feed's pool reads recently updated contents.
  await db.schema.createIndex('contents_updated').on('contents').column('updated_at').execute();
  // The feed's popularity table per tenant is refreshed from rows updated since the last read.
  await db.schema.createIndex('content_stats_updated').on('content_stats').columns(['tenant_id', 'updated_at']).execute();
  // A user's recent signals, newest first, build the profile on each feed request.
  await db.schema
    .createIndex('user_content_signals_recent')
    .on('user_content_signals')
    .columns(['tenant_id', 'user_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_content_signals_recent').execute();
  await db.schema.dropIndex('content_stats_updated').execute();
  await db.schema.dropIndex('contents_updated').execute();
}
