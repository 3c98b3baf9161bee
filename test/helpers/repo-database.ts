import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { insertTenant } from '../../src/tenants/tenant-repo.js';
import type { Backend } from './backends.js';

/** A database of its own for a repository test: `close()` closes and removes it. */
export type RepoDatabase = DatabaseHandle;

/** A fresh database of `backend`, migrated, with these tenants (starter plan, no usage cap). */
export async function repoDatabase(backend: Backend, tenantIds: readonly string[] = []): Promise<RepoDatabase> {
  const database = await backend.create();
  const handle = openDatabase(database.url);
  await migrateToLatest(handle.db);
  for (const id of tenantIds) {
    await insertTenant(handle.db, {
      id,
      name: id,
      plan: 'starter',
      rate_limit_rps: null,
      usage_cap_millicredits: null,
      billing_anchor_day: 1,
      webhook_url: null,
      webhook_secret: null,
      created_at: 0,
      updated_at: 0,
    });
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
