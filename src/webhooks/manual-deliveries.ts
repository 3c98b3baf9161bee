import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { deliveryPayload } from './delivery-repo.js';
import { enqueueResend, enqueueWebhook } from './webhook-outbox.js';

/** The event type of a delivery an operator or console member asks for to try the receiver. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface ManualDeliveryDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Sends the new delivery now rather than at the dispatcher's next poll. */
  webhooks: { wake(): void };
}

const noWebhook = (tenantId: string) =>
  errors.conflict(`Tenant ${tenantId} has no webhook URL; set one (PUT /admin/v1/tenants/${tenantId}/webhook) first.`);

/** Queues a signed `webhook.test` delivery, sent and retried like any other; returns its id. */
export async function queueTestDelivery(deps: ManualDeliveryDeps, tenantId: string): Promise<string> {
  await requireTenant(deps.db, tenantId);
  const now = deps.clock.now();
  const id = await enqueueWebhook(deps.db, {
    tenantId,
    type: TEST_EVENT_TYPE,
    data: { tenant_id: tenantId, message: 'A test delivery from content-feed: the webhook URL answers and the signature verifies with your secret.' },
    now,
  });
  if (id === null) throw noWebhook(tenantId);
  deps.webhooks.wake();
  return id;
}

/** Queues a new delivery of an earlier one's body under a new id (signed anew, to the current URL); the earlier one is left as it is. */
export async function resendDelivery(deps: ManualDeliveryDeps, tenantId: string, deliveryId: string): Promise<string> {
  await requireTenant(deps.db, tenantId);
  const original = await deliveryPayload(deps.db, tenantId, deliveryId);
  if (!original) throw errors.notFound(`Tenant ${tenantId} has no webhook delivery ${deliveryId}.`);
  const id = await enqueueResend(deps.db, tenantId, original, deps.clock.now());
  if (id === null) throw noWebhook(tenantId);
  deps.webhooks.wake();
  return id;
}
