import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { startThread } from './start-thread.js';
import type { ThreadReply } from './thread-server.js';

type Pending = { resolve(reply: { result: unknown; ms: number }): void; reject(error: Error): void };

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

  constructor(
    private readonly name: string,
    private readonly entry: URL,
    private readonly workerData: unknown,
    private readonly onError: (error: Error) => void,
    /** false: at the first call (a process that never calls pays nothing). */
    startNow = true,
  ) {
    if (startNow) this.worker = this.start();
  }

  /** CPU milliseconds the thread has used, as of its last reply (null where the system does not tell). */
  get cpuMs(): number | null {
    return this.cpuNow === null ? null : this.cpuBefore + this.cpuNow;
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
   * Calls on it fail once this thread is restarted: the port belongs to the old one.
   */
  connect(): MessagePort {
    this.worker ??= this.start();
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ connect: port1 }, [port1]);
    return port2;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker?.terminate();
  }

  private start(): Worker {
    const worker = startThread(this.entry, this.workerData);
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
      for (const p of lost) p.reject(new Error(`${this.name} thread exited with code ${code}`));
    });
    return worker;
  }
}

/** Calls to a thread over a port its ThreadClient handed over (`connect`), from another thread. */
export class PortClient<Call extends object> implements ThreadCaller<Call> {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Not tracked: the thread's CPU is reported by the ThreadClient that owns it. */
  readonly cpuMs: number | null = null;

  constructor(
    private readonly name: string,
    private readonly port: MessagePort,
  ) {
    port.on('message', (reply: ThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`${this.name} thread: ${reply.error}`));
      else pending.resolve(reply);
    });
    // Idle, the port does not hold the thread open (as ThreadClient's unref'd worker does not).
    port.unref();
  }

  call(body: Call): Promise<{ result: unknown; ms: number }> {
    if (this.closed) return Promise.reject(new Error(`${this.name} thread: port closed`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ id, ...body });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.port.close();
    for (const p of this.pending.values()) p.reject(new Error(`${this.name} thread: port closed`));
    this.pending.clear();
  }
}
