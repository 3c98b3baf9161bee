import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface UsageDelta {
  tenantId: string;
  day: string;
  endpoint: string;
  requests: number;
  millicredits: number;
}

/**
 * Adds deltas to the daily ledger in one transaction (upsert; both dialects).
 * Deltas of a tenant deleted since they were counted are dropped: its rows are
 * gone, and one such delta would fail every later flush of every tenant.
 */
export async function addUsage(db: Kysely<Database>, deltas: UsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const tenantIds = [...new Set(deltas.map((d) => d.tenantId))];
    const live = new Set((await trx.selectFrom('tenants').select('id').where('id', 'in', tenantIds).execute()).map((r) => r.id));
    for (const d of deltas) if (live.has(d.tenantId)) await addUsageRow(trx, d);
  });
}

/** Adds one delta in the caller's transaction (a push job's charge commits with its final state). */
export async function addUsageRow(db: Kysely<Database>, d: UsageDelta): Promise<void> {
  await db
    .insertInto('usage_daily')
    .values({ tenant_id: d.tenantId, day: d.day, endpoint: d.endpoint, requests: d.requests, millicredits: d.millicredits })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'day', 'endpoint']).doUpdateSet({
        requests: sql`usage_daily.requests + ${d.requests}`,
        millicredits: sql`usage_daily.millicredits + ${d.millicredits}`,
      }),
    )
    .execute();
}

/** Millicredits charged to a tenant on days in [fromDay, toDay). */
export async function usageBetween(db: Kysely<Database>, tenantId: string, fromDay: string, toDay: string): Promise<number> {
  const row = await db
    .selectFrom('usage_daily')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('millicredits'), sql<number>`0`).as('total'))
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface UsageRow {
  day: string;
  endpoint: string;
  requests: number;
  millicredits: number;
}

export async function usageByDay(db: Kysely<Database>, tenantId: string, fromDay: string, toDay: string): Promise<UsageRow[]> {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['day', 'endpoint', 'requests', 'millicredits'])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .orderBy('day')
    .orderBy('endpoint')
    .execute();
  return rows.map((r) => ({ ...r, requests: Number(r.requests), millicredits: Number(r.millicredits) }));
}
