import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { lockTenant } from '../push/push-job-repo.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { deliveryPayload, pendingManualDeliveries } from './delivery-repo.js';
import { enqueueResend, enqueueWebhook } from './webhook-outbox.js';

/** The event type of a delivery an operator or console member asks for to try the receiver. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Test deliveries and resends a tenant may have pending at once. Every tenant's
 * deliveries share one dispatcher (4 attempts in flight, 10 s each at worst, 4
 * attempts per delivery): without a bound, one tenant clicking "send test" or
 * "resend" in a loop would hold up every other tenant's push-job webhooks.
 * Five is more than a person testing a receiver needs.
 */
export const MAX_PENDING_MANUAL = 5;

export interface ManualDeliveryDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  config: { webhook: { timeoutMs: number } };
  /** Sends the new delivery now rather than at the dispatcher's next poll. */
  webhooks: { wake(): void };
}

const noWebhook = (tenantId: string) =>
  errors.conflict(`Tenant ${tenantId} has no webhook URL; set one (PUT /admin/v1/tenants/${tenantId}/webhook) first.`);

/** Queues a signed `webhook.test` delivery, sent and retried like any other; returns its id. */
export async function queueTestDelivery(deps: ManualDeliveryDeps, tenantId: string): Promise<string> {
  await requireTenant(deps.db, tenantId);
  return queueManual(deps, tenantId, (trx, now) =>
    enqueueWebhook(trx, {
      tenantId,
      type: TEST_EVENT_TYPE,
      data: {
        tenant_id: tenantId,
        message: 'A test delivery from content-feed: the webhook URL answers and the signature verifies with your secret.',
      },
      now,
      manual: true,
    }),
  );
}

/** Queues a new delivery of an earlier one's body under a new id (signed anew, to the current URL); the earlier one is left as it is. */
export async function resendDelivery(deps: ManualDeliveryDeps, tenantId: string, deliveryId: string): Promise<string> {
  await requireTenant(deps.db, tenantId);
  const original = await deliveryPayload(deps.db, tenantId, deliveryId);
  if (!original) throw errors.notFound(`Tenant ${tenantId} has no webhook delivery ${deliveryId}.`);
  return queueManual(deps, tenantId, (trx, now) => enqueueResend(trx, tenantId, original, now));
}

/**
 * Counts and inserts under the tenant's row lock (PostgreSQL; SQLite runs one
 * write transaction at a time), so parallel clicks cannot all see four pending.
 */
async function queueManual(
  deps: ManualDeliveryDeps,
  tenantId: string,
  enqueue: (trx: Kysely<Database>, now: number) => Promise<string | null>,
): Promise<string> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockTenant(trx, deps.dbKind, tenantId);
    const now = deps.clock.now();
    const pending = await pendingManualDeliveries(trx, tenantId);
    if (pending.count >= MAX_PENDING_MANUAL) {
      // A slot frees when one of them settles: not before the first is next attempted, and that attempt may take the whole timeout.
      const retryAfter = Math.max(1, Math.ceil((Math.max(pending.nextAttemptAt ?? now, now) - now + deps.config.webhook.timeoutMs) / 1000));
      throw errors.tooManyRequests(
        `Tenant ${tenantId} has ${pending.count} test or resent webhook deliveries waiting to be sent; at most ` +
          `${MAX_PENDING_MANUAL} may wait at once. ` +
          `Retry after ${retryAfter} s; GET /admin/v1/tenants/${tenantId}/webhook/deliveries?status=pending shows them.`,
        retryAfter,
      );
    }
    const queued = await enqueue(trx, now);
    if (queued === null) throw noWebhook(tenantId);
    return queued;
  });
  deps.webhooks.wake();
  return id;
}
