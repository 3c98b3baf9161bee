import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { toIso } from '../lib/time.js';

export interface WebhookEvent {
  tenantId: string;
  /** e.g. `push_job.completed`. */
  type: string;
  data: Record<string, unknown>;
  /** Epoch ms; becomes `created_at` (ISO 8601) and the first attempt's due time. */
  now: number;
  /** Asked for by hand (a webhook test): counts against the tenant's pending manual deliveries (manual-deliveries.ts). */
  manual?: boolean;
}

/**
 * Records a webhook delivery for the tenant, in the caller's transaction (the
 * outbox pattern: the job's final state and its webhook commit together, so a
 * crash loses neither). Does nothing and returns null when the tenant has no
 * webhook URL. The body is `{ id, type, created_at, data }`, with `id` the
 * delivery id (`msg_…`), stored exactly as it will be sent and signed.
 */
export async function enqueueWebhook(db: Kysely<Database>, event: WebhookEvent): Promise<string | null> {
  if (!(await hasWebhook(db, event.tenantId))) return null;
  const id = newId('msg');
  const payload = JSON.stringify({ id, type: event.type, created_at: toIso(event.now), data: event.data });
  await insertDelivery(db, { id, tenantId: event.tenantId, type: event.type, payload, now: event.now, manual: event.manual ?? false });
  return id;
}

/**
 * Records a new delivery of an earlier delivery's body: the same `type`,
 * `created_at` and `data` under a new id, which the body's `id` carries too
 * (receivers deduplicate by id, so a resend is processed again); a manual
 * delivery. Null when the tenant has no webhook URL.
 */
export async function enqueueResend(
  db: Kysely<Database>,
  tenantId: string,
  original: { type: string; payload: string },
  now: number,
): Promise<string | null> {
  if (!(await hasWebhook(db, tenantId))) return null;
  const id = newId('msg');
  // Spread keeps the key order: `id` stays first, the rest byte for byte as before.
  const payload = JSON.stringify({ ...(JSON.parse(original.payload) as Record<string, unknown>), id });
  await insertDelivery(db, { id, tenantId, type: original.type, payload, now, manual: true });
  return id;
}

async function hasWebhook(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const tenant = await db.selectFrom('tenants').select('webhook_url').where('id', '=', tenantId).executeTakeFirst();
  return Boolean(tenant?.webhook_url);
}

async function insertDelivery(
  db: Kysely<Database>,
  d: { id: string; tenantId: string; type: string; payload: string; now: number; manual: boolean },
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: d.id,
      tenant_id: d.tenantId,
      event_type: d.type,
      payload: d.payload,
      status: 'pending',
      next_attempt_at: d.now,
      lease_owner: null,
      lease_expires_at: null,
      last_status_code: null,
      last_error: null,
      created_at: d.now,
      finished_at: null,
      manual: d.manual ? 1 : 0,
    })
    .execute();
}
