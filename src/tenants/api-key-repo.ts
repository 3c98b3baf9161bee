import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database } from '../db/schema.js';

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  name: string;
  hash: string;
  last4: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    hash: row.key_hash,
    last4: row.last4,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertApiKey(db: Kysely<Database>, key: ApiKeyRecord): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      tenant_id: key.tenantId,
      name: key.name,
      key_hash: key.hash,
      last4: key.last4,
      created_at: key.createdAt,
      last_used_at: key.lastUsedAt,
      revoked_at: key.revokedAt,
    })
    .execute();
}

export async function findApiKeyByHash(db: Kysely<Database>, hash: string): Promise<ApiKeyRecord | null> {
  const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listApiKeys(db: Kysely<Database>, tenantId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toRecord);
}

/** Returns false when the tenant has no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Kysely<Database>, tenantId: string, keyId: string, now: number): Promise<boolean> {
  const key = await db
    .selectFrom('api_keys')
    .select(['id', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!key) return false;
  if (key.revoked_at === null) {
    await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).execute();
  }
  return true;
}

export async function touchApiKeys(db: Kysely<Database>, lastUsed: Map<string, number>): Promise<void> {
  for (const [id, at] of lastUsed) {
    await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
