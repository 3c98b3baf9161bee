import { MessageChannel, type MessagePort, type ResourceLimits, type Worker } from 'node:worker_threads';
import { startThread } from './start-thread.js';
import type { ThreadReply } from './thread-server.js';

type Pending = { resolve(reply: { result: unknown; ms: number }): void; reject(error: Error): void };

/** A call failed because its thread died (or its port closed with it), not because the call failed: it may be sent again. */
export class ThreadExited extends Error {}

/** A port on one of our threads (ThreadClient.connect) and the start of the thread it belongs to, which a reconnect names. */
export interface ThreadPort {
  port: MessagePort;
  generation: number;
}

/** Numbered calls to one of our threads, answered in order (a ThreadClient, or a PortClient on a port it handed over). */
export interface ThreadCaller<Call extends object> {
  call(body: Call): Promise<{ result: unknown; ms: number }>;
  /** CPU milliseconds the thread has used, as of its last reply (null where the system does not tell). */
  readonly cpuMs: number | null;
  close(): Promise<void>;
}

/**
 * The calling side of one of our worker threads (its module answers with
 * `serveThread`): numbered calls answered in order, the thread's CPU time from
 * its replies, and a thread that dies fails the calls it had while the next
 * call starts a new one. Idle, it does not hold a finished process open.
 */
export class ThreadClient<Call extends object> implements ThreadCaller<Call> {
  /** null after the thread exited. */
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  /** CPU time of this client's threads, earlier ones (restarted) included. */
  private cpuBefore = 0;
  private cpuNow: number | null = null;
  /** Counts the thread's starts: a port names the start it belongs to (ThreadPort). */
  private generation = 0;

  constructor(
    private readonly name: string,
    private readonly entry: URL,
    private readonly workerData: unknown,
    private readonly onError: (error: Error) => void,
    /** false: at the first call (a process that never calls pays nothing). */
    startNow = true,
    /** The thread's V8 heap limits; one that reaches them dies (ERR_WORKER_OUT_OF_MEMORY) and the next call starts another. */
    private readonly resourceLimits?: ResourceLimits,
  ) {
    if (startNow) this.worker = this.start();
  }

  /** CPU milliseconds the thread has used, as of its last reply (null where the system does not tell). */
  get cpuMs(): number | null {
    return this.cpuNow === null ? null : this.cpuBefore + this.cpuNow;
  }

  /** Starts the thread now if it is not running (a lazy one before its first call). */
  warm(): void {
    if (!this.closing) this.worker ??= this.start();
  }

  call(body: Call): Promise<{ result: unknown; ms: number }> {
    const id = this.nextId++;
    this.worker ??= this.start();
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...body });
    });
  }

  /**
   * A port on which another thread can call this thread too (thread-server.ts's
   * `connect`): hand it over in a transfer list and wrap it in a PortClient there.
   * The port closes when this thread dies; the PortClient then asks for another
   * (`reconnect`), which belongs to the thread started in its place.
   */
  connect(): ThreadPort {
    this.worker ??= this.start();
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ connect: port1 }, [port1]);
    return { port: port2, generation: this.generation };
  }

  /**
   * A port in place of one that closed, which belonged to start `deadGeneration`.
   * A port closes before its thread's `exit` reaches this thread, and a port posted
   * to a dying thread is dropped without a word: so a thread still current under
   * that generation is waited out (terminated) before another is started.
   */
  async reconnect(deadGeneration: number): Promise<ThreadPort> {
    // Closed (the node is stopping): no thread is started again for a port.
    if (this.closing) throw new ThreadExited(`${this.name} thread: closed`);
    const worker = this.worker;
    if (worker && this.generation === deadGeneration) await worker.terminate();
    return this.connect();
  }

  /** Ends the thread as running out of memory would (its calls fail, its ports close); the next call starts another. */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker?.terminate();
  }

  private start(): Worker {
    const worker = startThread(this.entry, this.workerData, [], this.resourceLimits);
    this.generation++;
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`${this.name} thread: ${reply.error}`));
      else {
        if (reply.cpuMs !== null) this.cpuNow = reply.cpuMs;
        pending.resolve(reply);
      }
    });
    worker.on('error', (error) => {
      if (!this.closing) this.onError(error);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      this.cpuBefore += this.cpuNow ?? 0;
      this.cpuNow = null;
      const lost = [...this.pending.values()];
      this.pending.clear();
      for (const p of lost) p.reject(new ThreadExited(`${this.name} thread exited with code ${code}`));
    });
    return worker;
  }
}

/**
 * Calls to a thread over a port its ThreadClient handed over (`connect`), from
 * another thread. The port closes when that thread dies: its calls fail with
 * ThreadExited, and with `reconnect` (which asks the owning thread for a port on
 * the thread started in its place) the next call goes to the new thread.
 */
export class PortClient<Call extends object> implements ThreadCaller<Call> {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** null: closed with its thread, until a reconnect gives another. */
  private port: MessagePort | null = null;
  private generation: number;
  private reconnecting: Promise<MessagePort> | null = null;
  /** Not tracked: the thread's CPU is reported by the ThreadClient that owns it. */
  readonly cpuMs: number | null = null;

  constructor(
    private readonly name: string,
    first: ThreadPort,
    private readonly reconnect?: (deadGeneration: number) => Promise<ThreadPort>,
  ) {
    this.generation = first.generation;
    this.attach(first.port);
  }

  async call(body: Call): Promise<{ result: unknown; ms: number }> {
    if (this.closed) throw new Error(`${this.name} thread: port closed`);
    const port = this.port ?? (await this.reconnected());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      port.postMessage({ id, ...body });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.port?.close();
    this.fail(new Error(`${this.name} thread: port closed`));
  }

  private attach(port: MessagePort): void {
    this.port = port;
    port.on('message', (reply: ThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`${this.name} thread: ${reply.error}`));
      else pending.resolve(reply);
    });
    // The thread died (or this client closed the port): what it had will never be answered.
    port.once('close', () => {
      if (this.port === port) this.port = null;
      this.fail(new ThreadExited(`${this.name} thread: its port closed (the thread exited)`));
    });
    // Idle, the port does not hold the thread open (as ThreadClient's unref'd worker does not).
    port.unref();
  }

  /** One reconnect for all the calls that find the port closed. */
  private reconnected(): Promise<MessagePort> {
    if (!this.reconnect) return Promise.reject(new ThreadExited(`${this.name} thread: its port closed (the thread exited)`));
    this.reconnecting ??= this.reconnect(this.generation)
      .then((next) => {
        this.generation = next.generation;
        this.attach(next.port);
        return next.port;
      })
      .finally(() => (this.reconnecting = null));
    return this.reconnecting;
  }

  private fail(error: Error): void {
    const lost = [...this.pending.values()];
    this.pending.clear();
    for (const p of lost) p.reject(error);
  }
}
