import { Type } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { Attempt, Delivery } from './delivery-repo.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export const DeliveryStatusSchema = Type.Union(DELIVERY_STATUSES.map((status) => Type.Literal(status)));

const AttemptView = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  url: Type.String(),
  started_at: IsoTimestamp,
  duration_ms: Type.Integer(),
  status_code: Nullable(Type.Integer(), { description: "The receiver's HTTP status; null when there was no answer." }),
  error: Nullable(Type.String(), { description: 'Why the attempt did not count as delivered.' }),
});

export const WebhookDeliveryView = Type.Object(
  {
    id: Type.String({ description: 'The delivery id, sent as webhook-id on every attempt.' }),
    type: Type.String(),
    status: DeliveryStatusSchema,
    attempts: Type.Integer(),
    created_at: IsoTimestamp,
    finished_at: Nullable(IsoTimestamp),
    next_attempt_at: Nullable(IsoTimestamp, { description: 'When the next attempt is due; null once settled.' }),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    attempt_log: Type.Array(AttemptView),
  },
  { $id: 'WebhookDelivery' },
);

export function deliveryView(delivery: Delivery, attempts: Attempt[]) {
  return {
    id: delivery.id,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    created_at: toIso(delivery.createdAt),
    finished_at: toIsoOrNull(delivery.finishedAt),
    next_attempt_at: toIsoOrNull(delivery.nextAttemptAt),
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      url: a.url,
      started_at: toIso(a.startedAt),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
    })),
  };
}
