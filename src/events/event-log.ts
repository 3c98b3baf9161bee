import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { LoggedEvent } from './event-types.js';

interface Waiter {
  events: LoggedEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Where POST /v1/events puts an accepted batch: resolves once it is stored durably (then the 202). */
export interface EventAppender {
  append(events: LoggedEvent[]): Promise<void>;
}

export const ROWS_PER_INSERT = 200;
export const COLUMNS = [
  'tenant_id',
  'dedupe_key',
  'type',
  'session_id',
  'user_id',
  'content_id',
  'channel',
  'scenario',
  'position',
  'occurred_at',
  'received_at',
  'metadata',
  'features',
  'experiment_id',
  'variant',
] as const;

/**
 * The multi-row INSERT for `rows` rows, written once per size and dialect. Kysely
 * building a 2,400-value query for every commit cost more than the insert
 * itself (bench: 45 % of intake CPU in the query builder); this is the one
 * hot statement worth writing by hand. A duplicate (same session, type, token,
 * user, time) is already logged: it takes effect once.
 */
const insertSql = new Map<string, string>();
function insertStatement(kind: DatabaseKind, rows: number): string {
  const key = `${kind}:${rows}`;
  let text = insertSql.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${COLUMNS.map(() => (kind === 'postgres' ? `$${++n}` : '?')).join(',')})`;
    const values = Array.from({ length: rows }, tuple).join(',');
    text = `insert into events (${COLUMNS.join(',')}) values ${values} on conflict (tenant_id, dedupe_key) do nothing`;
    insertSql.set(key, text);
  }
  return text;
}

/**
 * The durable event log with group commit: batches from concurrent requests
 * that arrive while a commit runs are written together in the next one, so
 * many 202s share one fsync instead of paying one each. `append` resolves only
 * after the commit that holds its events.
 */
export class EventLog implements EventAppender {
  private queue: Waiter[] = [];
  private committing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    /** Called after each commit (wakes the processor). */
    private readonly onCommit: () => void = () => {},
    /** A SQLite file's writer thread; without one, writes go through `db` on this thread. */
    private readonly writer: { write(events: LoggedEvent[]): Promise<void> } | null = null,
  ) {}

  append(events: LoggedEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      if (!this.committing) {
        this.committing = true;
        // Let requests already parsed in this turn of the event loop join.
        setImmediate(() => void this.commitLoop());
      }
    });
  }

  private async commitLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue;
      this.queue = [];
      try {
        await this.write(group.flatMap((w) => w.events));
        for (const w of group) w.resolve();
      } catch (error) {
        // One request's bad row must not fail the others it was grouped with:
        // retry each batch alone, and fail only those that fail alone.
        if (group.length === 1) group[0]!.reject(error);
        else for (const w of group) await this.write(w.events).then(w.resolve, w.reject);
      }
      this.onCommit();
    }
    this.committing = false;
  }

  private async write(events: LoggedEvent[]): Promise<void> {
    if (this.writer) return this.writer.write(events);
    if (this.kind === 'postgres') {
      await this.db.executeQuery(CompiledQuery.raw(UNNEST_INSERT, columnArrays(events)));
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
        const chunk = events.slice(i, i + ROWS_PER_INSERT);
        const params: unknown[] = [];
        for (const e of chunk) params.push(...eventRowValues(e));
        await trx.executeQuery(CompiledQuery.raw(insertStatement(this.kind, chunk.length), params));
      }
    });
  }
}

/** PostgreSQL's type of each of COLUMNS, in order. */
const PG_TYPES: Record<(typeof COLUMNS)[number], string> = {
  tenant_id: 'text',
  dedupe_key: 'text',
  type: 'text',
  session_id: 'text',
  user_id: 'text',
  content_id: 'text',
  channel: 'text',
  scenario: 'text',
  position: 'integer',
  occurred_at: 'bigint',
  received_at: 'bigint',
  metadata: 'text',
  features: 'text',
  experiment_id: 'text',
  variant: 'text',
};

/**
 * A group's rows on PostgreSQL: one array per column, so one statement of 15
 * parameters whatever the number of rows, where a VALUES list had PostgreSQL
 * parse and plan 3,000 parameters for every 200 rows (issue 20, measured in
 * bench/RESULTS.md). One statement commits alone, atomically, with the
 * session's synchronous commit (flushed before the 202). `unnest` yields the
 * rows in array order, so `seq` follows the batch's order as before.
 */
const UNNEST_INSERT =
  `insert into events (${COLUMNS.join(',')}) ` +
  `select * from unnest(${COLUMNS.map((c, i) => `$${i + 1}::${PG_TYPES[c]}[]`).join(',')}) ` +
  'on conflict (tenant_id, dedupe_key) do nothing';

function columnArrays(events: LoggedEvent[]): unknown[][] {
  const arrays = COLUMNS.map(() => new Array<unknown>(events.length));
  events.forEach((e, row) => eventRowValues(e).forEach((value, column) => (arrays[column]![row] = value)));
  return arrays;
}

/** An event's values in COLUMNS' order. */
export function eventRowValues(e: LoggedEvent): unknown[] {
  return [
    e.tenantId,
    e.dedupeKey,
    e.type,
    e.sessionId,
    e.userId,
    e.contentId,
    e.channel,
    e.scenario,
    e.position,
    e.occurredAt,
    e.receivedAt,
    e.metadata === null ? null : JSON.stringify(e.metadata),
    e.features === null ? null : JSON.stringify(e.features),
    e.experimentId,
    e.variant,
  ];
}
