import type { Generated } from 'kysely';

/**
 * Table types of the background work a tenant asks for: push jobs and their
 * history, webhook deliveries and attempts. As in schema.ts: epoch
 * milliseconds, JSON as text.
 */

export interface PushJobsTable {
  id: string;
  tenant_id: string;
  scenario: string;
  target_mode: 'all' | 'active' | 'manual';
  candidates_per_user: number;
  /** JSON array of strings (manual mode). */
  user_ids: string | null;
  idempotency_key: string | null;
  request_hash: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  attempts: Generated<number>;
  users_total: number;
  users_processed: Generated<number>;
  users_skipped: Generated<number>;
  reserved_millicredits: number;
  charged_millicredits: Generated<number>;
  result_key: string | null;
  error_code: string | null;
  error_message: string | null;
}

/** A range of a push job's users, leased on its own (migration 0019). */
export interface PushJobChunksTable {
  /** `<job_id>/<seq>`. */
  id: string;
  job_id: string;
  seq: number;
  after_user_id: string | null;
  through_user_id: string | null;
  /** JSON array: the chunk's slice of a manual job's ids. */
  user_ids: string | null;
  status: 'pending' | 'processing' | 'done';
  lease_owner: string | null;
  lease_expires_at: number | null;
  attempts: Generated<number>;
  users_processed: Generated<number>;
  users_skipped: Generated<number>;
  part_key: string | null;
}

export interface PushHistoryTable {
  tenant_id: string;
  user_id: string;
  content_id: string;
  job_id: string;
  pushed_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  tenant_id: string;
  event_type: string;
  /** The JSON body, exactly as sent (and signed). */
  payload: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: Generated<number>;
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  /** 1 for a test delivery or a resend (asked for by hand), 0 for an event's. */
  manual: Generated<number>;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  url: string;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}
