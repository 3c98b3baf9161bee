import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
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
  | { id: number; now: number; op: 'rank' | 'explain'; request: EngineRequest }
  | { id: number; now: number; op: 'sweep' | 'warmUp' }
  | { id: number; now: number; op: 'forget'; keys: string[] }
  | { id: number; now: number; op: 'modelChanged'; tenantId: string };

/** `cpuMs`: the thread's CPU time so far (null where /proc/thread-self is not there). */
export type ThreadReply = { id: number; result: unknown; ms: number; cpuMs: number | null } | { id: number; error: string };

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

parentPort!.on('message', (call: ThreadCall) => {
  now = call.now;
  const started = performance.now();
  void answer(call).then(
    (result) => parentPort!.postMessage({ id: call.id, result, ms: performance.now() - started, cpuMs: threadCpuMs() } satisfies ThreadReply),
    (error: unknown) => parentPort!.postMessage({ id: call.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ThreadReply),
  );
});

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

/**
 * This thread's user + system CPU time from Linux's /proc/thread-self/stat
 * (fields 14 and 15, in clock ticks of 10 ms): coarse per call, exact summed
 * over many, and what `feed_ranking_thread_cpu_seconds_total` reports.
 */
function threadCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
