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
}

/**
 * Records a webhook delivery for the tenant, in the caller's transaction (the
 * outbox pattern: the job's final state and its webhook commit together, so a
 * crash loses neither). Does nothing and returns null when the tenant has no
 * webhook URL. The body is `{ id, type, created_at, data }`, with `id` the
 * delivery id (`msg_…`), stored exactly as it will be sent and signed.
 */
export async function enqueueWebhook(db: Kysely<Database>, event: WebhookEvent): Promise<string | null> {
  const tenant = await db.selectFrom('tenants').select('webhook_url').where('id', '=', event.tenantId).executeTakeFirst();
  if (!tenant?.webhook_url) return null;
  const id = newId('msg');
  const payload = JSON.stringify({ id, type: event.type, created_at: toIso(event.now), data: event.data });
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      tenant_id: event.tenantId,
      event_type: event.type,
      payload,
      status: 'pending',
      next_attempt_at: event.now,
      lease_owner: null,
      lease_expires_at: null,
      last_status_code: null,
      last_error: null,
      created_at: event.now,
      finished_at: null,
    })
    .execute();
  return id;
}
