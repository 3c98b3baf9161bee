import { sql, type Kysely } from 'kysely';
import type { ChangeBus } from '../changes/change-bus.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import { resultKey } from '../push/push-job.js';
import type { ObjectStore } from '../storage/object-store.js';
import { requireTenant } from './tenant-service.js';

/** Kept when a tenant is deleted: the record of who changed what, the deletion included (docs/admin-api.md). */
const KEPT_TABLES = ['audit_log'];

export interface DeletedTenant {
  id: string;
  name: string;
  /** Rows removed per table (only tables that had some). */
  removed: Record<string, number>;
  /** Push candidate files removed from the object store. */
  push_files: number;
  kept: string[];
}

export interface DeleteTenantDeps {
  db: Kysely<Database>;
  objects: ObjectStore;
  changes: ChangeBus;
}

/**
 * Every table with a tenant_id column, from the database's own catalogue: a table
 * added later (with or without a foreign key to tenants) is covered without a change here.
 */
async function tenantTables(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const query =
    kind === 'sqlite'
      ? sql<{ name: string }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and p.name = 'tenant_id' order by m.name`
      : sql<{ name: string }>`select table_name as name from information_schema.columns
          where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`;
  return (await query.execute(db)).rows.map((r) => r.name).filter((name) => !KEPT_TABLES.includes(name));
}

/**
 * Deletes a tenant and all of its data in one transaction: its API keys stop
 * working at once on every node (the account change drops their cached copies),
 * its console members and their sessions go, its users, events, statistics,
 * algorithms, scenarios, push jobs, webhook deliveries, usage and models go; the
 * push files go from the object store right after. The audit log is kept.
 * `confirm` must repeat the tenant's id: a deletion cannot be undone.
 */
export async function deleteTenant(
  deps: DeleteTenantDeps,
  kind: 'sqlite' | 'postgres',
  tenantId: string,
  confirm: string | undefined,
): Promise<DeletedTenant> {
  const tenant = await requireTenant(deps.db, tenantId);
  if (confirm !== tenant.id) {
    throw errors.invalidField(
      'query',
      'confirm',
      `must repeat the tenant's id (${tenant.id}) to delete it and all of its data; this cannot be undone`,
    );
  }
  const tables = await tenantTables(deps.db, kind);
  const { removed, files } = await deps.db.transaction().execute(async (trx) => {
    const files = (await trx.selectFrom('push_jobs').select(['id', 'attempts']).where('tenant_id', '=', tenantId).execute()).flatMap(
      (job) => Array.from({ length: job.attempts }, (_, i) => resultKey(job.id, i + 1)),
    );
    const removed: Record<string, number> = {};
    // Events first: on PostgreSQL this waits for an event processor holding some of them to commit.
    for (const table of ['events', ...tables.filter((t) => t !== 'events')]) {
      const result = await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(trx);
      const n = Number(result.numAffectedRows ?? 0);
      if (n > 0) removed[table] = n;
    }
    await trx.deleteFrom('tenants').where('id', '=', tenantId).execute();
    return { removed, files };
  });
  // Every node drops the tenant's cached keys, scenarios and lists.
  deps.changes.publish({ kind: 'account', tenantId });
  deps.changes.publish({ kind: 'tenant', tenantId });
  for (const key of files) await deps.objects.delete(key);
  return { id: tenant.id, name: tenant.name, removed, push_files: files.length, kept: KEPT_TABLES };
}
