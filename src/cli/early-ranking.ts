import type pino from 'pino';
import { DEFAULT_DIMENSIONS } from '../analysis/hashed-tfidf-embedder.js';
import type { Config } from '../config.js';
import { isSqliteInMemory } from '../db/database-url.js';
import { RankingThreads } from '../feed/ranking-threads.js';

/**
 * serve's ranking threads, started before the server's modules are loaded
 * (issue 15: the first feed after a start). They load their own modules on the
 * other cores while this thread loads the server's, and read the pool once the
 * database is migrated (createRuntime), not once the app is built. Only where
 * the runtime would start the same threads: RANKING_THREADS > 0, a database
 * another thread can open, and the hashed embedder, whose dimensions are known
 * before anything is loaded (an ONNX model's, once it is).
 */
export interface EarlyRanking {
  /** Failures go to `log` from now on (stderr before the runtime has one); returns the threads. */
  reportTo(log: pino.Logger): RankingThreads;
  /** Starts reading the pool: the database is migrated. */
  readPool(now: number): void;
}

export function startRankingEarly(config: Config): EarlyRanking | null {
  if (config.feed.rankingThreads === 0 || config.embeddingModelPath || isSqliteInMemory(config.databaseUrl)) return null;
  let log: pino.Logger | null = null;
  const threads = RankingThreads.forConfig(config, DEFAULT_DIMENSIONS, {
    error: (obj, msg) => (log ? log.error(obj, msg) : process.stderr.write(`${msg}: ${String((obj as { err?: unknown }).err)}\n`)),
  });
  return {
    reportTo(runtimeLog) {
      log = runtimeLog;
      return threads;
    },
    readPool(now) {
      // A failure is reported by the rankings' own warm-up (FeedRankings.start), the same load.
      void threads.warmUp(now).catch(() => {});
    },
  };
}
