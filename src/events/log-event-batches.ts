import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Change } from '../changes/change-bus.js';
import type { Database } from '../db/schema.js';
import { applyStoredEvents, type AppliedBatch } from './apply-event-batch.js';
import type { EventBatches } from './event-batches.js';
import type { StoredEvent } from './event-effects.js';
import { COLUMNS, eventRowValues, ROWS_PER_INSERT } from './event-log.js';
import type { LoggedEvent } from './event-types.js';
import type { NatsEventLog } from './nats-event-log.js';
import { PartitionReader, type LogMessage } from './partition-reader.js';

/** Events applied per transaction and partition, as the `events` table's batches. */
const BATCH = 1000;

/** Another processor holds the partition now: this one's transaction must not commit. */
class PartitionLost extends Error {}

/**
 * Applies the JetStream event log (EVENT_LOG_URL) for the EventProcessor: the
 * partitions this processor holds a lease on, each in stream order, so a
 * user's events are applied in the order they were accepted.
 *
 * Leases are rows of `event_log_partitions` (owner, lease_until), taken and
 * renewed with a conditional UPDATE as other leases are; each processor also
 * renews a row of `event_log_processors`, holds about its share (partitions ÷
 * live processors) and gives back the rest, so adding workers spreads the
 * partitions. Each batch is applied in one
 * transaction that also checks the lease (FOR UPDATE on the partition's row)
 * and records the last stream sequence applied: a replay skips what is
 * applied, a processor that lost its lease commits nothing, and the events'
 * dedupe keys (the `events` table's unique key, as on intake without the log)
 * make an event sent twice take effect once.
 */
export class LogEventBatches implements EventBatches {
  private readonly readers = new Map<number, PartitionReader>();
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private nextBalanceAt = 0;
  private rowsCreated = false;
  private turn = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: NatsEventLog,
    /** New messages arrived: wake the processor. */
    private readonly onMessages: () => void,
    private readonly logger: { warn(obj: unknown, msg: string): void },
  ) {}

  private get stream(): string {
    return this.log.config.stream;
  }

  async apply(now: number): Promise<AppliedBatch> {
    if (now >= this.nextBalanceAt || [...this.readers.values()].some((r) => r.broken)) await this.balance(now);
    const out: AppliedBatch = { count: 0, changes: [], lagsMs: [] };
    // About one batch per call, from the partition after the last call's first: the
    // processor calls again at once while there is work, and each call renews the
    // leases when due, so a long backlog never outlasts them.
    const readers = [...this.readers.values()];
    this.turn = (this.turn + 1) % Math.max(1, readers.length);
    for (const reader of [...readers.slice(this.turn), ...readers.slice(0, this.turn)]) {
      if (out.count >= BATCH) break;
      const messages = reader.peek(BATCH);
      if (messages.length === 0) continue;
      try {
        const applied = await this.applyMessages(reader.partition, messages, now);
        reader.applied(messages.length);
        out.count += applied.count;
        out.changes.push(...applied.changes);
        out.lagsMs.push(...applied.lagsMs);
      } catch (error) {
        if (!(error instanceof PartitionLost)) throw error;
        this.logger.warn({ partition: reader.partition }, 'event log partition taken over by another processor');
        reader.stop();
        this.readers.delete(reader.partition);
      }
    }
    return out;
  }

  /**
   * Renews this processor's leases, gives back partitions beyond its share and
   * takes free (or expired) ones up to it. A partition newly taken is read
   * from its database position.
   */
  private async balance(now: number): Promise<void> {
    const { partitions, leaseMs } = this.log.config;
    this.nextBalanceAt = now + leaseMs / 3;
    const until = now + leaseMs;
    if (!this.rowsCreated) {
      await this.db
        .insertInto('event_log_partitions')
        .values(
          Array.from({ length: partitions }, (_, partition) => ({
            stream: this.stream,
            partition,
            applied_seq: 0,
            owner: null,
            lease_until: 0,
          })),
        )
        .onConflict((oc) => oc.columns(['stream', 'partition']).doNothing())
        .execute();
      this.rowsCreated = true;
    }
    await this.db
      .insertInto('event_log_processors')
      .values({ stream: this.stream, owner: this.owner, alive_until: until })
      .onConflict((oc) => oc.columns(['stream', 'owner']).doUpdateSet({ alive_until: until }))
      .execute();
    await this.db
      .deleteFrom('event_log_processors')
      .where('stream', '=', this.stream)
      .where('alive_until', '<', now - leaseMs)
      .execute();
    const processors = await this.db
      .selectFrom('event_log_processors')
      .select('owner')
      .where('stream', '=', this.stream)
      .where('alive_until', '>', now)
      .execute();
    const share = Math.ceil(partitions / Math.max(1, processors.length));
    const rows = await this.db
      .selectFrom('event_log_partitions')
      .select(['partition', 'owner', 'lease_until'])
      .where('stream', '=', this.stream)
      .where('partition', '<', partitions)
      .execute();

    // Renew what is held (a reader that broke is started again from the database).
    for (const [partition, reader] of [...this.readers]) {
      if (this.readers.size > share) {
        reader.stop();
        this.readers.delete(partition);
        await this.db
          .updateTable('event_log_partitions')
          .set({ owner: null, lease_until: 0 })
          .where('stream', '=', this.stream)
          .where('partition', '=', partition)
          .where('owner', '=', this.owner)
          .execute();
        continue;
      }
      const renewed = await this.take(partition, now, until);
      if (renewed === null) {
        reader.stop();
        this.readers.delete(partition);
      } else if (reader.broken) {
        reader.stop();
        await this.startReader(partition, renewed);
      }
    }
    // Take free partitions up to the share, starting at a place of this processor's own so processors starting together collide less.
    const free = rows
      .filter((r) => !this.readers.has(r.partition) && (r.owner === null || r.owner === this.owner || r.lease_until <= now))
      .map((r) => r.partition);
    const offset = free.length === 0 ? 0 : Math.floor(Math.random() * free.length);
    for (let i = 0; i < free.length && this.readers.size < share; i++) {
      const partition = free[(offset + i) % free.length]!;
      const appliedSeq = await this.take(partition, now, until);
      if (appliedSeq !== null) await this.startReader(partition, appliedSeq);
    }
  }

  /** Takes or renews a partition's lease; its applied position, or null when another processor holds it. */
  private async take(partition: number, now: number, until: number): Promise<number | null> {
    const row = await this.db
      .updateTable('event_log_partitions')
      .set({ owner: this.owner, lease_until: until })
      .where('stream', '=', this.stream)
      .where('partition', '=', partition)
      .where((eb) => eb.or([eb('owner', '=', this.owner), eb('owner', 'is', null), eb('lease_until', '<=', now)]))
      .returning('applied_seq')
      .executeTakeFirst();
    return row ? Number(row.applied_seq) : null;
  }

  private async startReader(partition: number, appliedSeq: number): Promise<void> {
    const reader = new PartitionReader(this.log, partition, this.onMessages);
    this.readers.set(partition, reader);
    try {
      await reader.start(appliedSeq);
    } catch (error) {
      this.logger.warn({ err: error, partition }, 'event log partition could not be read; retrying');
      reader.stop();
      this.readers.delete(partition);
      this.nextBalanceAt = 0;
    }
  }

  /** One transaction: the lease checked, the events not applied yet stored and applied, the position moved. */
  private applyMessages(partition: number, messages: LogMessage[], now: number): Promise<AppliedBatch> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('event_log_partitions')
        .select('applied_seq')
        .where('stream', '=', this.stream)
        .where('partition', '=', partition)
        .where('owner', '=', this.owner)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new PartitionLost();
      // Messages at or below the position are applied already (a redelivery after the ack wait may repeat some, behind later ones).
      let position = Number(row.applied_seq);
      const fresh: LogMessage[] = [];
      for (const m of messages) {
        if (m.seq <= position) continue;
        fresh.push(m);
        position = m.seq;
      }
      const events = fresh.flatMap((m) => m.events);
      const stored = await storeNew(trx, await withLiveTenants(trx, events));
      const byTenant = new Map<string, StoredEvent[]>();
      for (const e of stored) {
        const list = byTenant.get(e.tenantId) ?? [];
        list.push(e.stored);
        byTenant.set(e.tenantId, list);
      }
      const changes: Change[] = await applyStoredEvents(trx, 'postgres', byTenant, now);
      await trx
        .updateTable('event_log_partitions')
        .set({ applied_seq: position })
        .where('stream', '=', this.stream)
        .where('partition', '=', partition)
        .execute();
      return { count: events.length, changes, lagsMs: stored.map((e) => Math.max(0, now - e.receivedAt)) };
    });
  }

  async backlog(): Promise<number> {
    let n = 0;
    for await (const info of this.log.jsm.consumers.list(this.stream)) n += info.num_pending + info.num_ack_pending;
    return n;
  }

  cpuSeconds(): null {
    return null;
  }

  async close(): Promise<void> {
    for (const reader of this.readers.values()) reader.stop();
    await this.db
      .deleteFrom('event_log_processors')
      .where('stream', '=', this.stream)
      .where('owner', '=', this.owner)
      .execute()
      .catch(() => undefined);
    // Give the partitions back, so another processor takes them at once rather than after the lease.
    if (this.readers.size > 0) {
      await this.db
        .updateTable('event_log_partitions')
        .set({ owner: null, lease_until: 0 })
        .where('stream', '=', this.stream)
        .where('owner', '=', this.owner)
        .execute()
        .catch(() => undefined);
    }
    this.readers.clear();
  }
}

/** Events of tenants deleted since they were accepted are dropped, as deleting a tenant drops its `events` rows. */
async function withLiveTenants(trx: Transaction<Database>, events: LoggedEvent[]): Promise<LoggedEvent[]> {
  const ids = [...new Set(events.map((e) => e.tenantId))];
  if (ids.length === 0) return [];
  const live = new Set((await trx.selectFrom('tenants').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  return events.filter((e) => live.has(e.tenantId));
}

/**
 * Stores the events in the `events` table, already processed (what the API
 * reads back: a user's events, experiment results, weight samples); returns
 * those stored now, in order. One already there (same tenant and dedupe key: a
 * replay, or a client's retry after the stream's duplicate window) is skipped,
 * so it takes effect once.
 */
async function storeNew(trx: Transaction<Database>, events: LoggedEvent[]): Promise<Array<LoggedEvent & { stored: StoredEvent }>> {
  const seqs = new Map<string, number>();
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
    const chunk = events.slice(i, i + ROWS_PER_INSERT);
    const params: unknown[] = [];
    for (const e of chunk) params.push(...eventRowValues(e), 1);
    const result = await trx.executeQuery<{ seq: number; tenant_id: string; dedupe_key: string }>(
      CompiledQuery.raw(insertProcessed(chunk.length), params),
    );
    for (const r of result.rows) seqs.set(`${r.tenant_id}\0${r.dedupe_key}`, Number(r.seq));
  }
  const out: Array<LoggedEvent & { stored: StoredEvent }> = [];
  for (const e of events) {
    const key = `${e.tenantId}\0${e.dedupeKey}`;
    const seq = seqs.get(key);
    // The same event twice in one batch: the first occurrence takes effect.
    if (seq === undefined) continue;
    seqs.delete(key);
    out.push({
      ...e,
      stored: {
        seq,
        type: e.type,
        sessionId: e.sessionId,
        userId: e.userId,
        contentId: e.contentId,
        channel: e.channel,
        scenario: e.scenario,
        occurredAt: e.occurredAt,
        metadata: e.metadata,
      },
    });
  }
  return out;
}

const insertSql = new Map<number, string>();
function insertProcessed(rows: number): string {
  let text = insertSql.get(rows);
  if (!text) {
    const columns = [...COLUMNS, 'processed'];
    let n = 0;
    const values = Array.from({ length: rows }, () => `(${columns.map(() => `$${++n}`).join(',')})`).join(',');
    text =
      `insert into events (${columns.join(',')}) values ${values} ` +
      'on conflict (tenant_id, dedupe_key) do nothing returning seq, tenant_id, dedupe_key';
    insertSql.set(rows, text);
  }
  return text;
}
