import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0009 (issue 19): the audit log and the crawl history.
export async function up(db: Kysely<any>): Promise<void> {
  // Every admin change that succeeded, with who made it (docs/operations.md, "Audit
  // log"). Not tied to tenants by a foreign key: the record of a tenant's changes
  // outlives the tenant.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at', 'id']).execute();

  // The last crawls of each source (docs/crawling.md), the 20 newest kept: what each
  // crawl found, so one that finds nothing does not hide the one before that did.
  await db.schema
    .createTable('crawl_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('not_modified', 'integer', (c) => c.notNull())
    .addColumn('new', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('duplicate', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('crawl_history_source_at').on('crawl_history').columns(['source_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crawl_history').execute();
  await db.schema.dropTable('audit_log').execute();
}
