import { Worker } from 'node:worker_threads';
import { sqliteModulePath } from '../db/sqlite-driver.js';
import type { UsageDelta } from '../metering/usage-repo.js';
import { COLUMNS, eventRowValues } from './event-log.js';
import type { LoggedEvent } from './event-types.js';

const COLUMN_COUNT = COLUMNS.length;

/**
 * How long a write waits for SQLite's write lock, which one connection at a time
 * holds (the event processor's batches, push jobs, crawls, learning, user
 * upserts), before it fails. An acknowledged-path write must not fail because
 * another writer is slow: the soak's longest hold was 1.7 s (bench/RESULTS.md,
 * issue 15), and 30 s is REQUEST_TIMEOUT_MS's default, past which a client has
 * usually given up. Waited in steps of LOCK_STEP_MS, each reported
 * (`onLockWait`), so a write that waits is logged while it waits, not once it fails.
 */
export const LOCK_WAIT_MS = 30_000;
const LOCK_STEP_MS = 1000;

/**
 * The writer thread: its own connection to the same database file, one prepared
 * INSERT, one transaction per group. Plain JavaScript evaluated in the thread,
 * so it runs the same from sources (tests) and from the build.
 *
 * Its transactions begin IMMEDIATE (`.immediate`): they take the write lock, or
 * wait for it, at BEGIN. The usage flush reads (is the tenant still there?)
 * before it writes; deferred, its first write failed at once with SQLITE_BUSY,
 * "database is locked", whenever another connection held the lock at that
 * moment, whatever the busy timeout (SQLite does not wait to upgrade a read
 * transaction: connect.ts's transactions begin IMMEDIATE for the same reason).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = ${LOCK_STEP_MS}');
const insert = db.prepare(
  'insert into events (${COLUMNS.join(', ')}) ' +
  'values (${COLUMNS.map(() => '?').join(', ')}) on conflict (tenant_id, dedupe_key) do nothing');
const writeAll = db.transaction((values) => {
  for (let i = 0; i < values.length; i += ${COLUMN_COUNT}) insert.run(values.slice(i, i + ${COLUMN_COUNT}));
});
// The usage meter's deltas (metering/usage-repo.ts addUsage, the same statements): tenants deleted since are skipped.
const tenantExists = db.prepare('select 1 from tenants where id = ?').pluck();
const addUsage = db.prepare(
  'insert into usage_daily (tenant_id, day, endpoint, requests, millicredits) values (?, ?, ?, ?, ?) ' +
  'on conflict (tenant_id, day, endpoint) do update set requests = usage_daily.requests + excluded.requests, ' +
  'millicredits = usage_daily.millicredits + excluded.millicredits');
const writeUsage = db.transaction((rows) => {
  const live = new Map();
  for (const row of rows) {
    if (!live.has(row[0])) live.set(row[0], tenantExists.get(row[0]) !== undefined);
    if (live.get(row[0])) addUsage.run(row);
  }
});
const busy = (error) => typeof (error && error.code) === 'string' && error.code.startsWith('SQLITE_BUSY');
// Messages are written one at a time, in order: a write waiting for the lock holds back those after it.
function write(message) {
  const started = Date.now();
  for (;;) {
    try { return message.usage ? writeUsage.immediate(message.usage) : writeAll.immediate(JSON.parse(message.rows)); }
    catch (error) {
      const waited = Date.now() - started;
      if (!busy(error) || waited >= ${LOCK_WAIT_MS}) throw error;
      parentPort.postMessage({ id: message.id, waitedMs: waited });
    }
  }
}
parentPort.on('message', (message) => {
  if (message === 'close') { db.close(); parentPort.close(); return; }
  try { write(message); parentPort.postMessage({ id: message.id }); }
  catch (error) { parentPort.postMessage({ id: message.id, error: String(error && error.message) }); }
});
`;

/**
 * Row values in the order the writer thread's INSERT expects: event-log.ts's COLUMNS, as the PostgreSQL and
 * in-thread inserts, one flat array. A loop, not `flatMap`: 110 µs per 100 events with flatMap, 6 with it.
 */
export function eventValues(events: LoggedEvent[]): unknown[] {
  const values = new Array<unknown>(events.length * COLUMN_COUNT);
  let i = 0;
  for (const e of events) for (const value of eventRowValues(e)) values[i++] = value;
  return values;
}

/**
 * Writes event batches to a SQLite file from a dedicated thread, so a commit's
 * fsync never stalls the event loop serving requests (DESIGN §9). `write`
 * resolves once the batch is committed durably by that thread.
 */
export class SqliteEventWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private nextId = 0;
  /** Told, every LOCK_STEP_MS, how long the write in progress has waited for the lock. */
  onLockWait: (waitedMs: number) => void = () => {};

  constructor(file: string) {
    // The build of better-sqlite3 this Node runs (db/sqlite-driver.ts), as the other connections.
    const driver = sqliteModulePath();
    this.worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, driver } });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; error?: string; waitedMs?: number }) => {
      if (message.waitedMs !== undefined) return this.onLockWait(message.waitedMs);
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(`write failed: ${message.error}`));
      else waiter?.resolve();
    });
    this.worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
  }

  /**
   * The values go as one JSON text: the structured clone of ~1,500 values per 100
   * events cost this thread ~60 µs and the writer ~110 µs to read back, JSON ~50
   * and ~45 (issue 20). Every value is a string, an integer or null, which JSON
   * keeps as they are (metadata and features are already JSON text).
   */
  write(events: LoggedEvent[]): Promise<void> {
    return this.send({ rows: JSON.stringify(eventValues(events)) });
  }

  /**
   * Adds the usage meter's deltas to the daily ledger, committed by this thread:
   * on the HTTP thread the flush each second waited for the write lock and an
   * fsync with the event loop blocked (better-sqlite3 is synchronous).
   */
  writeUsage(deltas: UsageDelta[]): Promise<void> {
    if (deltas.length === 0) return Promise.resolve();
    return this.send({ usage: deltas.map((d) => [d.tenantId, d.day, d.endpoint, d.requests, d.millicredits]) });
  }

  private send(message: { rows: string } | { usage: unknown[][] }): Promise<void> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  async close(): Promise<void> {
    // Unref'd while running (it must not keep a finished process alive), but waited for here:
    // otherwise the process may end before close() resolves and the shutdown steps after it run.
    this.worker.ref();
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('close');
    await exited;
  }
}
