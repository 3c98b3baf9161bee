import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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
  void db;
  void event;
  throw new Error('not implemented yet');
}
