import type pino from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { EarlyRanking } from './cli/early-ranking.js';
import { InlineEventBatches, ThreadedEventBatches, type EventBatches } from './events/event-batches.js';
import { ContentPool } from './feed/content-pool.js';
import { Popularity } from './feed/popularity.js';
import { InlineRanking, type RankingBackend } from './feed/ranking-backend.js';
import { RankingEngine } from './feed/ranking-engine.js';
import { RankingThreads } from './feed/ranking-threads.js';
import { inlineUserStateLoader, ThreadedUserStateLoader, type UserStateLoader } from './feed/user-state-loader.js';
import { CollaborativeModels } from './learning/collaborative-models.js';
import type { Clock } from './lib/clock.js';
import type { ThreadPort } from './lib/thread-client.js';

// Where work that would hold the HTTP thread's event loop runs (issue 15):
// rankings, applying events and, on a SQLite file, reading users' states,
// each on worker threads with connections of their own; on the calling thread
// when asked, or when the database is SQLite in memory, which another thread
// cannot open. `onWorkerThread`: the runtime of serve's worker thread
// (src/workers/), itself off the HTTP thread, ranks push users and applies
// events on its own thread.

/** The HTTP thread's ranking threads as serve's worker thread reaches them: a port each, and a way to get another when one dies. */
export interface RankingPorts {
  ports: ThreadPort[];
  reconnect(index: number, deadGeneration: number): Promise<ThreadPort>;
}

/**
 * Ranking threads (RANKING_THREADS, default one per core but the HTTP thread's), each with
 * its own pool and an old-generation limit (RANKING_THREAD_HEAP_MB). serve's worker thread
 * ranks on the HTTP thread's, through `rankingPorts`: a second copy of the pool would cost
 * ~600 MB at 100,000 items.
 */
export function rankingBackend(
  config: Config,
  database: DatabaseHandle,
  clock: Clock,
  dimensions: number,
  log: pino.Logger,
  rankingPorts?: RankingPorts,
  /** serve's, started before the runtime (cli/early-ranking.ts), where they are what this would start. */
  early?: EarlyRanking,
): RankingBackend {
  const { db } = database;
  if (rankingPorts) return RankingThreads.over(rankingPorts.ports, (index, dead) => rankingPorts.reconnect(index, dead));
  if (early) return early.reportTo(log);
  if (config.feed.rankingThreads === 0 || database.inMemory) {
    return new InlineRanking(
      new RankingEngine(
        new ContentPool(db, clock, dimensions),
        new Popularity(db, clock),
        new CollaborativeModels(db, clock),
        config.feed.listCapacity,
      ),
    );
  }
  return RankingThreads.forConfig(config, dimensions, log);
}

/** The event thread (EVENT_THREAD). */
export function eventBatches(config: Config, database: DatabaseHandle, log: pino.Logger, onWorkerThread = false): EventBatches {
  return config.eventThread && !database.inMemory && !onWorkerThread
    ? new ThreadedEventBatches(config.databaseUrl, (err) => log.error({ err }, 'event thread failed'))
    : new InlineEventBatches(database.db, database.kind);
}

/** better-sqlite3 reads synchronously: on a SQLite file, users' states are read on a thread whenever the node uses threads. */
export function userStateLoader(
  config: Config,
  database: DatabaseHandle,
  log: pino.Logger,
  onWorkerThread = false,
): { load: UserStateLoader; thread: ThreadedUserStateLoader | null } {
  if (database.kind !== 'sqlite' || config.feed.rankingThreads === 0 || database.inMemory || onWorkerThread)
    return { load: inlineUserStateLoader(database.db), thread: null };
  const thread = new ThreadedUserStateLoader(config.databaseUrl, (err) => log.error({ err }, 'user-state thread failed'));
  return { load: thread.load, thread };
}

/**
 * `serve`'s background work on a worker thread (WORKER_THREAD; src/workers/): when the
 * process runs its workers, uses threads, and its database is one another thread can open.
 */
export function backgroundThreadWanted(config: Config, database: DatabaseHandle, startWorkers: boolean): boolean {
  return startWorkers && config.workerThread && config.feed.rankingThreads > 0 && !database.inMemory;
}
