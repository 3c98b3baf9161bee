import type { MessagePort } from 'node:worker_threads';
import { PortClient, ThreadClient, type ThreadCaller } from '../lib/thread-client.js';
import type { RankingBackend } from './ranking-backend.js';
import type { RankedList } from './ranked-list.js';
import type { EngineRequest, ExplainedRanked } from './ranking-engine.js';
import type { ThreadCall, ThreadOptions } from './ranking-thread.js';

const THREAD_ENTRY = new URL('./ranking-thread.js', import.meta.url);

/**
 * Rankings on worker threads, so the HTTP thread's event loop only serves
 * (issue 15). Each thread holds its own pool and vector index (~1.3 KB an
 * item, docs/feed.md). A watched list lives in the thread that ranked it: a
 * ranking goes to the thread its watch key (else its tenant) hashes to; a
 * sweep asks every thread. A thread that dies fails the calls it had; the next call starts a new one.
 */
export class RankingThreads implements RankingBackend {
  private constructor(private readonly threads: Thread[]) {}

  /** Starts `count` ranking threads. */
  static start(count: number, options: ThreadOptions, onError: (error: Error) => void): RankingThreads {
    return new RankingThreads(Array.from({ length: count }, () => new ThreadClient<ThreadCall>('ranking', THREAD_ENTRY, options, onError)));
  }

  /** Another thread's ranking threads, through the ports their `connect()` gave (serve's worker thread ranks push users on them). */
  static over(ports: MessagePort[]): RankingThreads {
    return new RankingThreads(ports.map((port) => new PortClient<ThreadCall>('ranking', port)));
  }

  /** A port per ranking thread, for RankingThreads.over on another thread (in the same order: a key hashes to the same thread). */
  connect(): MessagePort[] {
    return this.threads.map((t) => {
      if (!(t instanceof ThreadClient)) throw new Error('ranking threads reached through ports cannot be connected further');
      return t.connect();
    });
  }

  async rank(request: EngineRequest, later = false): Promise<{ ranked: RankedList; ms: number }> {
    const { result, ms } = await this.threadFor(request).call({ op: 'rank', request, now: request.now, later });
    return { ranked: result as RankedList, ms };
  }

  async explain(request: EngineRequest): Promise<ExplainedRanked[]> {
    return (await this.threadFor(request).call({ op: 'explain', request, now: request.now })).result as ExplainedRanked[];
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

  async warmUp(now: number): Promise<void> {
    await Promise.all(this.threads.map((t) => t.call({ op: 'warmUp', now })));
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }

  /** CPU seconds the threads have used, as of their last replies (null where the system does not tell). */
  cpuSeconds(): number | null {
    const known = this.threads.map((t) => t.cpuMs).filter((ms): ms is number => ms !== null);
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / 1000;
  }

  private threadFor(request: EngineRequest): Thread {
    const key = request.watchKey ?? request.tenantId;
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
    return this.threads[(h >>> 0) % this.threads.length]!;
  }
}

type Thread = ThreadCaller<ThreadCall>;
