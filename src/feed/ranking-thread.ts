import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { serveThread } from '../lib/thread-server.js';
import { CollaborativeModels } from '../learning/collaborative-models.js';
import { ContentPool } from './content-pool.js';
import { Popularity } from './popularity.js';
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
  | { now: number; op: 'explain'; request: EngineRequest }
  | { now: number; op: 'sweep' | 'warmUp' }
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
  (call) => call.op === 'sweep' || (call.op === 'rank' && call.later === true),
);

async function answer(call: ThreadCall): Promise<unknown> {
  switch (call.op) {
    case 'rank':
      return engine.rank(call.request);
    case 'explain':
      return engine.explain(call.request);
    case 'sweep':
      return engine.sweep();
    case 'warmUp':
      return engine.warmUp();
    case 'forget':
      return engine.forget(call.keys);
    case 'modelChanged':
      return engine.modelChanged(call.tenantId);
  }
}
