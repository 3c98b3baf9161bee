import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { serveThread } from '../lib/thread-server.js';
import { applyEventBatch } from './apply-event-batch.js';

/**
 * The event thread (started by event-batches.ts): applies batches of logged
 * events on a database connection of its own, so their statements, JSON and
 * commits (an fsync each on SQLite) never hold the HTTP thread's event loop.
 * Time is the caller's: each call carries `now` (the service's clock may be a test's).
 */
export interface EventThreadOptions {
  databaseUrl: string;
}

export interface EventThreadCall {
  now: number;
  limit: number;
}

const options = workerData as EventThreadOptions;
const database = openDatabase(options.databaseUrl);

serveThread<EventThreadCall>((call) => applyEventBatch(database.db, database.kind, call.now, call.limit));
