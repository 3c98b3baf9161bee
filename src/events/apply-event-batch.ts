import type { Kysely, Transaction } from 'kysely';
import type { Change } from '../changes/change-bus.js';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { unflushedTransaction } from '../db/unflushed-transaction.js';
import { lockUserProperties } from '../users/user-batch-repo.js';
import { computeEffects, type StoredEvent } from './event-effects.js';
import type { EventType } from './event-types.js';
import { rankingChanges } from './ranking-changes.js';
import { writeEffects } from './write-effects.js';

/** What one batch did: events applied, the users whose ranking state changed, and each event's wait since it was accepted. */
export interface AppliedBatch {
  count: number;
  changes: Change[];
  lagsMs: number[];
}

/**
 * Applies up to `limit` logged events: reads unprocessed rows in log order,
 * computes their effects per tenant and writes them together with the rows'
 * processed mark in one transaction, so a crash either applied a batch
 * entirely or not at all and processing resumes where it stopped, nothing
 * applied twice. The commit does not wait for the disk (a power cut may undo
 * it whole, and the batch is applied again: db/unflushed-transaction.ts).
 * Runs on the thread that calls it: the HTTP thread, or the
 * event thread (event-thread.ts) with a connection of its own.
 */
export async function applyEventBatch(db: Kysely<Database>, kind: DatabaseKind, now: number, limit: number): Promise<AppliedBatch> {
  const changes: Change[] = [];
  const lagsMs: number[] = [];
  const count = await unflushedTransaction(db, kind, async (trx) => {
    const rows = await takeUnprocessed(trx, kind, limit);
    if (rows.length === 0) return 0;

    const byTenant = new Map<string, StoredEvent[]>();
    for (const r of rows) {
      const list = byTenant.get(r.tenant_id) ?? [];
      list.push({
        seq: r.seq,
        type: r.type as EventType,
        sessionId: r.session_id,
        userId: r.user_id,
        contentId: r.content_id,
        channel: r.channel as 'feed' | 'push' | null,
        scenario: r.scenario,
        occurredAt: r.occurred_at,
        metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
      });
      byTenant.set(r.tenant_id, list);
      lagsMs.push(Math.max(0, now - r.received_at));
    }
    changes.push(...(await applyStoredEvents(trx, kind, byTenant, now)));
    // On PostgreSQL the rows were marked when taken.
    if (kind === 'sqlite') await markProcessed(trx, rows.at(-1)!.seq);
    return rows.length;
  });
  return { count, changes, lagsMs };
}

/**
 * Computes and writes the effects of each tenant's events, in the order given,
 * inside the caller's transaction; returns the users whose ranking state they
 * changed. Shared by the `events` table's batches and the JetStream log's
 * (log-event-batches.ts).
 */
export async function applyStoredEvents(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  byTenant: Map<string, StoredEvent[]>,
  now: number,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const [tenantId, events] of byTenant) {
    const known = await loadKnownState(trx, kind, tenantId, events);
    await writeEffects(trx, kind, tenantId, computeEffects(events, known), now);
    changes.push(...rankingChanges(tenantId, events));
  }
  return changes;
}

/**
 * The columns a batch applies. Reading every column (the dedupe key, features,
 * experiment) cost a third more: 0.32 against 0.22 ms of CPU per 100 events to
 * read batches of 1,000 rows on a SQLite file (issue 20).
 */
const APPLIED = [
  'seq',
  'tenant_id',
  'type',
  'session_id',
  'user_id',
  'content_id',
  'channel',
  'scenario',
  'occurred_at',
  'received_at',
  'metadata',
] as const;

/**
 * The oldest `limit` unprocessed rows, in log order. On PostgreSQL they are
 * marked processed in the same statement (an UPDATE of the rows a FOR UPDATE
 * SKIP LOCKED subquery picks, so several workers take disjoint batches): one
 * statement instead of a SELECT and an UPDATE naming 1,000 sequence numbers,
 * which took a third of a batch's time there (issue 20). The mark commits
 * with the effects, or neither does.
 */
async function takeUnprocessed(trx: Transaction<Database>, kind: DatabaseKind, limit: number) {
  if (kind === 'sqlite') return trx.selectFrom('events').select(APPLIED).where('processed', '=', 0).orderBy('seq').limit(limit).execute();
  const rows = await trx
    .updateTable('events')
    .set({ processed: 1 })
    .where('seq', 'in', (eb) =>
      eb.selectFrom('events').select('seq').where('processed', '=', 0).orderBy('seq').limit(limit).forUpdate().skipLocked(),
    )
    .returning(APPLIED)
    .execute();
  // RETURNING has no order: effects are computed in log order.
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

/**
 * SQLite has one writer and the batch took every unprocessed row up to its
 * last seq, so one range update marks it.
 */
async function markProcessed(trx: Transaction<Database>, lastSeq: number): Promise<void> {
  await trx.updateTable('events').set({ processed: 1 }).where('processed', '=', 0).where('seq', '<=', lastSeq).execute();
}

async function loadKnownState(trx: Transaction<Database>, kind: DatabaseKind, tenantId: string, events: StoredEvent[]) {
  const userIds = [...new Set(events.map((e) => e.userId).filter((u): u is string => u !== null))];
  const users = await lockUserProperties(trx, kind, tenantId, userIds);
  const lastClicks = new Map<string, number>();
  const returns = events.filter(
    (e) => e.type === 'return' && e.userId !== null && e.contentId !== null && typeof e.metadata?.dwell_ms !== 'number',
  );
  for (const e of returns) {
    const row = await trx
      .selectFrom('user_content_signals')
      .select('last_click_at')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', e.userId!)
      .where('content_id', '=', e.contentId!)
      .executeTakeFirst();
    if (row?.last_click_at != null) lastClicks.set(`${e.userId}\0${e.contentId}`, row.last_click_at);
  }
  return { users, lastClicks };
}
