import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable } from '../db/schema.js';

export type DeliveryStatus = WebhookDeliveriesTable['status'];

export interface Delivery {
  id: string;
  tenantId: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: number;
  finishedAt: number | null;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

export interface Attempt {
  attempt: number;
  url: string;
  startedAt: number;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

const DELIVERY_COLUMNS = [
  'id',
  'tenant_id',
  'event_type',
  'status',
  'attempts',
  'created_at',
  'finished_at',
  'next_attempt_at',
  'last_status_code',
  'last_error',
] as const;

type DeliveryRow = Pick<Selectable<WebhookDeliveriesTable>, (typeof DELIVERY_COLUMNS)[number]>;

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    nextAttemptAt: row.next_attempt_at,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
  };
}

function toAttempt(row: WebhookAttemptsTable): Attempt {
  return {
    attempt: row.attempt,
    url: row.url,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    error: row.error,
  };
}

/** A tenant's deliveries, newest first, after a position (keyset paging on created_at, id). */
export async function listDeliveries(
  db: Kysely<Database>,
  tenantId: string,
  o: { status?: DeliveryStatus; before?: { createdAt: number; id: string }; limit: number },
): Promise<Delivery[]> {
  let query = db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('tenant_id', '=', tenantId);
  if (o.status) query = query.where('status', '=', o.status);
  const before = o.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
  return rows.map(toDelivery);
}

export async function findDelivery(db: Kysely<Database>, tenantId: string, id: string): Promise<Delivery | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toDelivery(row) : null;
}

/** The body a delivery sends, exactly as stored (and signed), with its event type. */
export async function deliveryPayload(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<{ type: string; payload: string } | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'payload'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { type: row.event_type, payload: row.payload } : null;
}

/** The attempts of each delivery, in order. */
export async function attemptsOf(db: Kysely<Database>, deliveryIds: string[]): Promise<Map<string, Attempt[]>> {
  const byDelivery = new Map<string, Attempt[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
  for (const row of rows) byDelivery.get(row.delivery_id)?.push(toAttempt(row));
  return byDelivery;
}

/** The tenant's manual deliveries (tests, resends) still pending, and when the first of them is next attempted. */
export async function pendingManualDeliveries(
  db: Kysely<Database>,
  tenantId: string,
): Promise<{ count: number; nextAttemptAt: number | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<number | string | null>('next_attempt_at').as('next')])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('manual', '=', 1)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), nextAttemptAt: row.next === null ? null : Number(row.next) };
}
