import type { ResourceLimits } from 'node:worker_threads';
import type { Config } from '../config.js';
import { PortClient, ThreadClient, ThreadExited, type ThreadCaller, type ThreadPort } from '../lib/thread-client.js';
import type { RankingBackend } from './ranking-backend.js';
import type { RankedList } from './ranked-list.js';
import type { EngineRequest, ExplainedRanked } from './ranking-engine.js';
import type { SliceReply, ThreadCall, ThreadOptions } from './ranking-thread.js';

const THREAD_ENTRY = new URL('./ranking-thread.js', import.meta.url);
/** Push slices sent to a thread at once: one ranking, the next queued behind it, so no thread waits for the job's thread. */
const SLICES_PER_THREAD = 2;

/**
 * Rankings on worker threads, so the HTTP thread's event loop only serves
 * (issue 15). Each thread holds its own pool and vector index (~1.3 KB an
 * item, docs/feed.md). A watched list lives in the thread that ranked it: a
 * ranking goes to the thread its watch key (else its tenant) hashes to; a
 * sweep asks every thread. A thread that dies (one that reached its heap limit,
 * RANKING_THREAD_HEAP_MB) fails the calls it had; the next call starts a new one,
 * and a ranking it had is asked once more, of the new thread. Push users go
 * in slices to whichever thread is free (`rankSlice`).
 */
export class RankingThreads implements RankingBackend {
  /** Push slices each thread has; slices waiting for a thread to have fewer than SLICES_PER_THREAD. */
  private readonly slicesOn: number[];
  private readonly waitingSlices: ((index: number) => void)[] = [];
  private nextSlice = 0;

  private constructor(private readonly threads: Thread[]) {
    this.slicesOn = threads.map(() => 0);
  }

  /** Starts `count` ranking threads, each with these V8 heap limits. */
  static start(count: number, options: ThreadOptions, onError: (error: Error) => void, limits?: ResourceLimits): RankingThreads {
    return new RankingThreads(
      Array.from({ length: count }, () => new ThreadClient<ThreadCall>('ranking', THREAD_ENTRY, options, onError, true, limits)),
    );
  }

  /** RANKING_THREADS threads over the node's database, each with the old-generation limit RANKING_THREAD_HEAP_MB. */
  static forConfig(config: Config, dimensions: number, log: { error(obj: object, msg: string): void }): RankingThreads {
    const heapMb = config.feed.rankingThreadHeapMb;
    return RankingThreads.start(
      config.feed.rankingThreads,
      { databaseUrl: config.databaseUrl, dimensions, maxWatches: config.feed.listCapacity },
      // ERR_WORKER_OUT_OF_MEMORY: it reached RANKING_THREAD_HEAP_MB. Its lists' watches go with it (they are ranked again on demand).
      (err) => log.error({ err, heapLimitMb: heapMb }, 'ranking thread failed; the next ranking starts another'),
      { maxOldGenerationSizeMb: heapMb },
    );
  }

  /**
   * Another thread's ranking threads, through the ports their `connect()` gave (serve's worker
   * thread ranks push users on them). When one of them dies its port closes; `reconnect` asks
   * the owner for a port on the thread started in its place (the owner's `reconnect`).
   */
  static over(ports: ThreadPort[], reconnect: (index: number, deadGeneration: number) => Promise<ThreadPort>): RankingThreads {
    return new RankingThreads(ports.map((port, i) => new PortClient<ThreadCall>('ranking', port, (dead) => reconnect(i, dead))));
  }

  /** A port per ranking thread, for RankingThreads.over on another thread (in the same order: a key hashes to the same thread). */
  connect(): ThreadPort[] {
    return this.threads.map((_, i) => this.own(i).connect());
  }

  /** A port on thread `index` in place of one that closed with the thread's start `deadGeneration` (see ThreadClient.reconnect). */
  reconnect(index: number, deadGeneration: number): Promise<ThreadPort> {
    return this.own(index).reconnect(deadGeneration);
  }

  /** Ends thread `index` as running out of its heap would (tests of what follows). */
  kill(index: number): Promise<void> {
    return this.own(index).kill();
  }

  async rank(request: EngineRequest, later = false): Promise<{ ranked: RankedList; ms: number }> {
    const { result, ms } = await retriedOnce(this.threadFor(request), { op: 'rank', request, now: request.now, later });
    return { ranked: result as RankedList, ms };
  }

  /**
   * Push users, a slice a message, on the thread with the fewest slices (issue 20: by tenant, a
   * job's users all went to one thread, so a job used one ranking core). Any thread can rank any
   * tenant: a thread loads the tenant's popularity and model at its first ranking of it.
   */
  async rankSlice(requests: EngineRequest[]): Promise<{ lists: RankedList[]; ms: number; thread: number }> {
    const index = await this.takeSliceThread();
    try {
      const { result, ms } = await retriedOnce(this.threads[index]!, { op: 'rankSlice', requests, now: requests[0]?.now ?? Date.now() });
      const reply = result as SliceReply;
      return { lists: reply.lists, ms, thread: reply.thread };
    } finally {
      const waiting = this.waitingSlices.shift();
      if (waiting) waiting(index);
      else this.slicesOn[index] = this.slicesOn[index]! - 1;
    }
  }

  async explain(request: EngineRequest): Promise<ExplainedRanked[]> {
    return (await retriedOnce(this.threadFor(request), { op: 'explain', request, now: request.now })).result as ExplainedRanked[];
  }

  async sweep(now: number): Promise<string[]> {
    const replies = await Promise.all(this.threads.map((t) => t.call({ op: 'sweep', now })));
    return replies.flatMap((r) => r.result as string[]);
  }

  forget(keys: string[]): void {
    // Fire and forget: a watch that outlives its list only costs a false "stale".
    for (const t of this.threads) void t.call({ op: 'forget', keys, now: Date.now() }).catch(() => {});
  }

  modelChanged(tenantId: string, now: number): void {
    // Each thread handles its messages in order, so every ranking asked for after this loads the new model.
    for (const t of this.threads) void t.call({ op: 'modelChanged', tenantId, now }).catch(() => {});
  }

  async warmUp(now: number, whole?: boolean): Promise<void> {
    await Promise.all(this.threads.map((t) => t.call({ op: 'warmUp', now, whole })));
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }

  /** CPU seconds the threads have used, as of their last replies (null where the system does not tell). */
  cpuSeconds(): number | null {
    const known = this.threads.map((t) => t.cpuMs).filter((ms): ms is number => ms !== null);
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / 1000;
  }

  private own(index: number): ThreadClient<ThreadCall> {
    const t = this.threads[index];
    if (!(t instanceof ThreadClient)) throw new Error('ranking threads reached through ports cannot be connected further');
    return t as ThreadClient<ThreadCall>;
  }

  /** The least busy thread, taking turns among equals; waits while every thread has SLICES_PER_THREAD. */
  private takeSliceThread(): Promise<number> {
    const n = this.threads.length;
    let best = -1;
    for (let k = 0; k < n; k++) {
      const i = (this.nextSlice + k) % n;
      if (best === -1 || this.slicesOn[i]! < this.slicesOn[best]!) best = i;
    }
    this.nextSlice = (best + 1) % n;
    if (this.slicesOn[best]! < SLICES_PER_THREAD) {
      this.slicesOn[best] = this.slicesOn[best]! + 1;
      return Promise.resolve(best);
    }
    return new Promise((resolve) => this.waitingSlices.push(resolve));
  }

  private threadFor(request: EngineRequest): Thread {
    const key = request.watchKey ?? request.tenantId;
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
    return this.threads[(h >>> 0) % this.threads.length]!;
  }
}

type Thread = ThreadCaller<ThreadCall>;

/**
 * A ranking is a pure function of its request: one lost with a thread that died is asked of
 * the thread started in its place, once (a ranking that kills every thread it runs on fails).
 */
async function retriedOnce(thread: Thread, call: ThreadCall): Promise<{ result: unknown; ms: number }> {
  try {
    return await thread.call(call);
  } catch (error) {
    if (!(error instanceof ThreadExited)) throw error;
    return thread.call(call);
  }
}
