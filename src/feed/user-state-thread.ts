import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { serveThread } from '../lib/thread-server.js';
import { loadUserFeedState } from './user-feed-state.js';

/**
 * The user-state thread (started by user-state-loader.ts): reads users'
 * feed states on a SQLite connection of its own, so a read of pages not yet
 * in the page cache (10–25 ms on the 100,000-user bench file) never holds the
 * HTTP thread's event loop. States cross back by structured clone (Sets too).
 */
export interface UserStateThreadCall {
  tenantId: string;
  userId: string;
  now: number;
}

const database = openDatabase((workerData as { databaseUrl: string }).databaseUrl);

serveThread<UserStateThreadCall>((call) => loadUserFeedState(database.db, call.tenantId, call.userId, call.now));
