import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Attempt } from './delivery-repo.js';

/** A delivery held by one dispatcher until `until` (its lease). */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  eventType: string;
  /** The body, exactly as sent and signed. */
  payload: string;
  /** Attempts made before this one. */
  attempts: number;
  lease: Lease;
}

export interface Lease {
  deliveryId: string;
  owner: string;
  until: number;
}

/** Where a delivery stands after an attempt. */
export type Settlement = { status: 'delivered' | 'failed'; at: number } | { status: 'pending'; nextAttemptAt: number };

const due = (now: number) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.and([
    eb('status', '=', 'pending'),
    eb('next_attempt_at', '<=', now),
    // Leased deliveries are being sent; a lease that ran out belongs to a dispatcher that died.
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]),
  ]);

/**
 * Takes the most overdue delivery, or null when none is due. One statement:
 * on PostgreSQL the subquery's FOR UPDATE SKIP LOCKED makes concurrent
 * dispatchers pass over a row another is claiming instead of queueing behind
 * it, and the outer WHERE is re-checked against the row as committed, so a
 * delivery is never claimed twice; SQLite runs one writing statement at a time.
 * One row per claim: deliveries are one per finished push job, a few a minute,
 * so batching would only lengthen leases.
 */
export async function claimDelivery(
  db: Kysely<Database>,
  kind: DatabaseKind,
  owner: string,
  now: number,
  leaseUntil: number,
  /** Tenants that hold their share of the dispatcher's slots: passed over. */
  skipTenants: readonly string[] = [],
): Promise<ClaimedDelivery | null> {
  let candidate = db.selectFrom('webhook_deliveries').select('id').where(due(now)).orderBy('next_attempt_at').orderBy('id').limit(1);
  if (skipTenants.length > 0) candidate = candidate.where('tenant_id', 'not in', skipTenants);
  if (kind === 'postgres') candidate = candidate.forUpdate().skipLocked();
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: owner, lease_expires_at: leaseUntil })
    .where('id', '=', candidate)
    .where(due(now))
    .returning(['id', 'tenant_id', 'event_type', 'payload', 'attempts'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    eventType: row.event_type,
    payload: row.payload,
    attempts: row.attempts,
    lease: { deliveryId: row.id, owner, until: leaseUntil },
  };
}

/**
 * Records an attempt and where the delivery now stands, in one transaction and
 * only while the lease is still ours: a dispatcher that overran its lease (and
 * was taken over) must not write over its successor. False when the lease was lost.
 */
export async function recordAttempt(db: Kysely<Database>, lease: Lease, attempt: Attempt, settlement: Settlement): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: settlement.status,
        attempts: attempt.attempt,
        next_attempt_at: settlement.status === 'pending' ? settlement.nextAttemptAt : null,
        finished_at: settlement.status === 'pending' ? null : settlement.at,
        last_status_code: attempt.statusCode,
        last_error: attempt.error,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', lease.deliveryId)
      .where('lease_owner', '=', lease.owner)
      .where('lease_expires_at', '=', lease.until)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: lease.deliveryId,
        attempt: attempt.attempt,
        url: attempt.url,
        started_at: attempt.startedAt,
        duration_ms: attempt.durationMs,
        status_code: attempt.statusCode,
        error: attempt.error,
      })
      .execute();
    return true;
  });
}

/** Ends a delivery without sending it (the webhook was removed, its secret cannot be read). */
export async function settleUnsent(
  db: Kysely<Database>,
  lease: Lease,
  status: 'cancelled' | 'failed',
  at: number,
  reason: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ status, next_attempt_at: null, finished_at: at, last_error: reason, lease_owner: null, lease_expires_at: null })
    .where('id', '=', lease.deliveryId)
    .where('lease_owner', '=', lease.owner)
    .where('lease_expires_at', '=', lease.until)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
