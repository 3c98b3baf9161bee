import { Worker } from 'node:worker_threads';
import { sqliteModulePath } from '../db/sqlite-driver.js';
import type { UsageDelta } from '../metering/usage-repo.js';
import { COLUMNS, eventRowValues } from './event-log.js';
import type { LoggedEvent } from './event-types.js';

const COLUMN_COUNT = COLUMNS.length;

/**
 * The writer thread: its own connection to the same database file, one prepared
 * INSERT, one transaction per group. Plain JavaScript evaluated in the thread,
 * so it runs the same from sources (tests) and from the build.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
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
  'on conflict (tenant_id, day, endpoint) do update set requests = usage_daily.requests + excluded.requests, millicredits = usage_daily.millicredits + excluded.millicredits');
const writeUsage = db.transaction((rows) => {
  const live = new Map();
  for (const row of rows) {
    if (!live.has(row[0])) live.set(row[0], tenantExists.get(row[0]) !== undefined);
    if (live.get(row[0])) addUsage.run(row);
  }
});
parentPort.on('message', (message) => {
  if (message === 'close') { db.close(); parentPort.close(); return; }
  try { if (message.usage) writeUsage(message.usage); else writeAll(message.values); parentPort.postMessage({ id: message.id }); }
  catch (error) { parentPort.postMessage({ id: message.id, error: String(error && error.message) }); }
});
`;

/** Row values in the order the writer thread's INSERT expects: event-log.ts's COLUMNS, as the PostgreSQL and in-thread inserts. */
export function eventValues(events: LoggedEvent[]): unknown[] {
  return events.flatMap(eventRowValues);
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

  constructor(file: string) {
    // The build of better-sqlite3 this Node runs (db/sqlite-driver.ts), as the other connections.
    const driver = sqliteModulePath();
    this.worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, driver } });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; error?: string }) => {
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

  write(events: LoggedEvent[]): Promise<void> {
    return this.send({ values: eventValues(events) });
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

  private send(message: { values: unknown[] } | { usage: unknown[][] }): Promise<void> {
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
