import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.

type Column = [name: string, type: 'text' | 'integer' | 'bigint', notNullDefault: string | number | null];

const SOURCE_COLUMNS: Column[] = [
  ['crawl_interval_s', 'integer', 300],
  ['etag', 'text', null],
  ['last_modified', 'text', null],
  ['next_crawl_at', 'bigint', null],
  ['crawl_lease_until', 'bigint', null],
  ['last_crawled_at', 'bigint', null],
  ['last_success_at', 'bigint', null],
  ['last_error', 'text', null],
  ['error_count', 'integer', 0],
  ['last_result', 'text', null],
];

const CONTENT_COLUMNS: Column[] = [
  ['area_ids', 'text', '[]'],
  ['keywords', 'text', '[]'],
  ['simhash', 'text', null],
  ['vector', 'text', null],
  ['embedder', 'text', null],
  ['first_seen_at', 'bigint', null],
];

export async function up(db: Kysely<any>): Promise<void> {
  // Crawl state lives on the source row: the admin API shows it as is.
  for (const [name, type, fallback] of SOURCE_COLUMNS) {
    await db.schema
      .alterTable('sources')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  for (const [name, type, fallback] of CONTENT_COLUMNS) {
    await db.schema
      .alterTable('contents')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  // The near-duplicate index reads recently created rows.
  await db.schema.createIndex('contents_created').on('contents').column('created_at').execute();

  // Every URL an article was reached by (feed link, redirect target, canonical):
  // a second link to a known article is recognised without fetching its page.
  await db.schema
    .createTable('content_urls')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('content_id', 'text', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('content_urls_content').on('content_urls').column('content_id').execute();

  // What each source's feed listed: an unchanged entry costs no page fetch.
  await db.schema
    .createTable('feed_entries')
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('entry_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.references('contents.id').onDelete('set null'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_entries_pk', ['source_id', 'entry_key'])
    .execute();

  // Operator-imported areas (content-feed admin areas import) and the mode
  // that combines them with the built-in gazetteer.
  await db.schema
    .createTable('imported_areas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('aliases', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'imported_areas', 'feed_entries', 'content_urls']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('contents_created').execute();
  for (const [name] of CONTENT_COLUMNS) await db.schema.alterTable('contents').dropColumn(name).execute();
  for (const [name] of SOURCE_COLUMNS) await db.schema.alterTable('sources').dropColumn(name).execute();
}
