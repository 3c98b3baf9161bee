import { threadId, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { serveThread } from '../lib/thread-server.js';
import { CollaborativeModels } from '../learning/collaborative-models.js';
import { ContentPool } from './content-pool.js';
import { Popularity } from './popularity.js';
import type { RankedList } from './ranked-list.js';
import { RankingEngine, type EngineRequest } from './ranking-engine.js';

/**
 * A ranking thread (started by ranking-threads.ts): its own database
 * connection, content pool, vector index and popularity, and the engine.
 * Time is the caller's: every message carries `now`, which the pool's
 * refresh and window follow (the service's clock may be a test's).
 */
export interface ThreadOptions {
  databaseUrl: string;
  dimensions: number;
  maxWatches: number;
}

export type ThreadCall =
  /** `later`: no request waits for this ranking (a background re-ranking, a push user). */
  | { now: number; op: 'rank'; request: EngineRequest; later?: boolean }
  /** Push users, a slice in one message; always `later`. */
  | { now: number; op: 'rankSlice'; requests: EngineRequest[] }
  | { now: number; op: 'explain'; request: EngineRequest }
  | { now: number; op: 'sweep' }
  | { now: number; op: 'warmUp'; whole?: boolean }
  | { now: number; op: 'forget'; keys: string[] }
  | { now: number; op: 'modelChanged'; tenantId: string };

const options = workerData as ThreadOptions;
const database = openDatabase(options.databaseUrl);
let now = Date.now();
const clock = { now: () => now };
const engine = new RankingEngine(
  new ContentPool(database.db, clock, options.dimensions),
  new Popularity(database.db, clock),
  new CollaborativeModels(database.db, clock),
  options.maxWatches,
);

serveThread<ThreadCall>(
  (call) => {
    now = call.now;
    return answer(call);
  },
  // A request's ranking goes first: background re-rankings, push users and sweeps take turns behind it.
  (call) => call.op === 'sweep' || call.op === 'rankSlice' || (call.op === 'rank' && call.later === true),
);

/** A slice's rankings, in order, and the thread that ranked them (`threadId`: which of the threads a slice went to). */
export interface SliceReply {
  lists: RankedList[];
  thread: number;
}

/**
 * A slice ranks for longer than one background call should hold the thread:
 * past this, the rankings of requests that arrived meanwhile go first.
 */
const SLICE_YIELD_MS = 2;

/**
 * Push users a slice at a time (issue 20): a message per user, its structured
 * clone, reply and CPU read, was ~20 % of the job's thread and ~5 % of this one.
 */
async function rankSlice(requests: EngineRequest[]): Promise<SliceReply> {
  const lists: RankedList[] = [];
  let since = performance.now();
  for (const request of requests) {
    lists.push(await engine.rankWhole(request));
    if (performance.now() - since >= SLICE_YIELD_MS) {
      // Two turns, as LaterCalls waits between calls: the messages that arrived are taken in first.
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      since = performance.now();
    }
  }
  return { lists, thread: threadId };
}

async function answer(call: ThreadCall): Promise<unknown> {
  switch (call.op) {
    case 'rank':
      return engine.rank(call.request);
    case 'rankSlice':
      return rankSlice(call.requests);
    case 'explain':
      return engine.explain(call.request);
    case 'sweep':
      return engine.sweep();
    case 'warmUp':
      return engine.warmUp(call.whole);
    case 'forget':
      return engine.forget(call.keys);
    case 'modelChanged':
      return engine.modelChanged(call.tenantId);
  }
}
