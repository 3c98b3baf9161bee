import type { RankedList } from './ranked-list.js';
import type { EngineRequest, ExplainedRanked, RankingEngine } from './ranking-engine.js';

/**
 * Where rankings are computed: ranking threads (ranking-threads.ts), or this
 * thread for a database only it can open (SQLite in memory) and for tests.
 * `ms` is the time each call spent ranking where it ran (the feed's metrics).
 */
export interface RankingBackend {
  /** `later`: no request waits for it; a ranking thread runs it behind the rankings requests wait for. */
  rank(request: EngineRequest, later?: boolean): Promise<{ ranked: RankedList; ms: number }>;
  /**
   * Push users: a slice's rankings in order, none waited for by a request. `ms` is the
   * slice's time where it ran; `thread` names the ranking thread (null: this thread).
   */
  rankSlice(requests: EngineRequest[]): Promise<{ lists: RankedList[]; ms: number; thread: number | null }>;
  explain(request: EngineRequest): Promise<ExplainedRanked[]>;
  /** Keys of watched lists that items arrived since the last sweep would enter. */
  sweep(now: number): Promise<string[]>;
  /** Stop watching lists no longer held. */
  forget(keys: string[]): void;
  /** The tenant's collaborative model changed: the next ranking loads it. */
  modelChanged(tenantId: string, now: number): void;
  /** Starts loading the pool; resolves when its first part is in, or with `whole`, all of it. */
  warmUp(now: number, whole?: boolean): Promise<void>;
  close(): Promise<void>;
  /** CPU seconds spent by the ranking threads; null when ranking runs on the HTTP thread (its CPU is the process's). */
  cpuSeconds(): number | null;
}

/** The engine on this thread. */
export class InlineRanking implements RankingBackend {
  constructor(private readonly engine: RankingEngine) {}

  async rank(request: EngineRequest): Promise<{ ranked: RankedList; ms: number }> {
    const started = performance.now();
    const ranked = await this.engine.rank(request);
    return { ranked, ms: performance.now() - started };
  }

  async rankSlice(requests: EngineRequest[]): Promise<{ lists: RankedList[]; ms: number; thread: null }> {
    const lists: RankedList[] = [];
    let ms = 0;
    for (const request of requests) {
      const started = performance.now();
      lists.push(await this.engine.rankWhole(request));
      ms += performance.now() - started;
      // Ranking here is CPU on this thread (RANKING_THREADS=0, SQLite in memory): requests are answered between users.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { lists, ms, thread: null };
  }

  explain(request: EngineRequest): Promise<ExplainedRanked[]> {
    return this.engine.explain(request);
  }

  sweep(): Promise<string[]> {
    return this.engine.sweep();
  }

  forget(keys: string[]): void {
    this.engine.forget(keys);
  }

  modelChanged(tenantId: string): void {
    this.engine.modelChanged(tenantId);
  }

  warmUp(_now: number, whole?: boolean): Promise<void> {
    return this.engine.warmUp(whole);
  }

  async close(): Promise<void> {}

  cpuSeconds(): null {
    return null;
  }
}
