import type { Worker } from 'node:worker_threads';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';
import type { Config } from '../config.js';
import { startThread } from '../lib/start-thread.js';
import type { ThreadPort } from '../lib/thread-client.js';
import type { WorkerThreadCall, WorkerThreadReply } from './worker-thread.js';

const ENTRY = new URL('./worker-thread.js', import.meta.url);
/** A thread that died is started again after this long (its jobs' leases let it, or another worker, take them back). */
const RESTART_DELAY_MS = 1000;

type Metrics = MetricObjectWithValues<MetricValue<string>>[];

/** The HTTP thread's ranking threads, as the worker thread reaches them (ranking-threads.ts). */
export interface ConnectableRanking {
  connect(): ThreadPort[];
  reconnect(index: number, deadGeneration: number): Promise<ThreadPort>;
}

/**
 * The HTTP thread's handle on the worker thread (worker-thread.ts) that runs
 * `serve`'s background work (issue 15: a push job, crawls and learning held
 * the HTTP thread's event loop). It restarts the thread if it dies, merges the
 * thread's metrics into /metrics and stops it last at shutdown. The thread ranks
 * push users on this thread's ranking threads, through ports handed over at its
 * start; when a ranking thread dies its port closes, and the worker thread asks
 * here for a port on the one started in its place.
 */
export class BackgroundThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private nextId = 1;
  private stopping = false;
  private cpuBefore = 0;
  private cpuNow: number | null = null;
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: Config,
    /** Names this runtime's change and work channels (worker-thread.ts joins the same ones). */
    readonly name: string,
    private readonly log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void },
    /** The HTTP thread's ranking threads (null: none), connected anew at each start of the thread (it ranks push users on them). */
    private readonly ranking: () => ConnectableRanking | null,
  ) {}

  start(): void {
    if (this.stopping) return; // closed before it was due to start
    const ranking = this.ranking();
    const rankingPorts = ranking?.connect() ?? [];
    const worker = startThread(
      ENTRY,
      { config: this.config, name: this.name, rankingPorts },
      rankingPorts.map((p) => p.port),
    );
    this.worker = worker;
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    worker.on('message', (reply: WorkerThreadReply) => {
      if (reply.cpuMs !== null) this.cpuNow = reply.cpuMs;
      if ('kind' in reply) return reply.kind === 'ready' ? markReady() : this.reconnect(worker, ranking, reply);
      this.pending.get(reply.id)?.(reply.result);
      this.pending.delete(reply.id);
    });
    worker.on('error', (err) => this.log.error({ err }, 'worker thread failed'));
    worker.on('exit', (code) => {
      this.worker = null;
      this.cpuBefore += this.cpuNow ?? 0;
      this.cpuNow = null;
      markReady();
      for (const resolve of this.pending.values()) resolve(null);
      this.pending.clear();
      if (this.stopping) return;
      this.log.error({ code }, 'worker thread exited; starting it again');
      setTimeout(() => this.stopping || this.start(), RESTART_DELAY_MS).unref();
    });
  }

  /** A port on a ranking thread started in place of one that died, for the worker thread's push rankings. */
  private reconnect(
    worker: Worker,
    ranking: ConnectableRanking | null,
    asked: { id: number; index: number; deadGeneration: number },
  ): void {
    this.log.warn(
      { rankingThread: asked.index },
      "a ranking thread died; serve's worker thread reconnects to the one started in its place",
    );
    void (async () => {
      try {
        if (!ranking) throw new Error('no ranking threads');
        const next = await ranking.reconnect(asked.index, asked.deadGeneration);
        worker.postMessage({ kind: 'rankingPort', id: asked.id, port: next } satisfies WorkerThreadCall, [next.port]);
      } catch (err) {
        this.log.error({ err }, 'reconnecting to a ranking thread failed');
        worker.postMessage({ kind: 'rankingPort', id: asked.id, port: null } satisfies WorkerThreadCall);
      }
    })();
  }

  /** CPU seconds the worker thread has used, as of its last reply (null where the system does not tell). */
  cpuSeconds(): number | null {
    return this.cpuNow === null && this.cpuBefore === 0 ? null : (this.cpuBefore + (this.cpuNow ?? 0)) / 1000;
  }

  /** This registry's metrics with the worker thread's added (counters summed; a gauge both read from the database is marked 'first'). */
  async mergedMetrics(own: Registry): Promise<Registry> {
    const theirs = ((await this.call('metrics')) as Metrics | null) ?? [];
    return AggregatorRegistry.aggregate([await own.getMetricsAsJSON(), theirs] as Metrics[]);
  }

  /** Stops the background work (running push jobs go back to the queue) and waits for the thread to end. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.ready;
    const worker = this.worker;
    if (!worker) return;
    await this.call('stop');
    await worker.terminate();
  }

  private async call(kind: 'metrics' | 'stop'): Promise<unknown> {
    await this.ready;
    const worker = this.worker;
    if (!worker) return null;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, kind } satisfies WorkerThreadCall);
    });
  }
}
