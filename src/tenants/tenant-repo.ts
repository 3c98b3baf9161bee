import type { Kysely } from 'kysely';
import type { Database, NewTenantRow, TenantRow, TenantUpdate } from '../db/schema.js';
import type { Plan } from './plans.js';

export interface Tenant {
  id: string;
  name: string;
  plan: Plan;
  /** Only set for the custom plan. */
  customRateLimit: number | null;
  usageCapMillicredits: number | null;
  billingAnchorDay: number;
  webhookUrl: string | null;
  /** Sealed (encrypted) webhook signing secret. */
  webhookSecretSealed: string | null;
  createdAt: number;
  updatedAt: number;
}

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    customRateLimit: row.rate_limit_rps,
    usageCapMillicredits: row.usage_cap_millicredits,
    billingAnchorDay: row.billing_anchor_day,
    webhookUrl: row.webhook_url,
    webhookSecretSealed: row.webhook_secret,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertTenant(db: Kysely<Database>, row: NewTenantRow): Promise<Tenant> {
  await db.insertInto('tenants').values(row).execute();
  return toTenant(row as TenantRow);
}

export async function findTenant(db: Kysely<Database>, id: string): Promise<Tenant | null> {
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTenant(row) : null;
}

export async function listTenants(db: Kysely<Database>): Promise<Tenant[]> {
  const rows = await db.selectFrom('tenants').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toTenant);
}

export async function updateTenant(db: Kysely<Database>, id: string, changes: TenantUpdate): Promise<Tenant | null> {
  await db.updateTable('tenants').set(changes).where('id', '=', id).execute();
  return findTenant(db, id);
}
