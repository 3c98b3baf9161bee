import { readFileSync } from 'node:fs';
import { parentPort, type MessagePort } from 'node:worker_threads';

/** `cpuMs`: the thread's CPU time so far (null where /proc/thread-self is not there). */
export type ThreadReply = { id: number; result: unknown; ms: number; cpuMs: number | null } | { id: number; error: string };

/**
 * The thread side of a `ThreadClient`: answers each numbered call with the
 * handler's result (or its error), the call's wall time and the thread's CPU.
 * Calls that `later` picks out (work no request waits for) yield to the rest:
 * see LaterCalls.
 */
export function serveThread<Call extends object>(handle: (call: Call) => unknown, later?: (call: Call) => boolean): void {
  serveOn(parentPort!, handle, later === undefined ? undefined : new LaterCalls(later));
}

/**
 * Also answers calls arriving on `port` (the other end of a MessageChannel another
 * thread holds, which `ThreadClient.connect` handed over): serve's worker thread
 * ranks its push users on the HTTP thread's ranking threads this way, not on a
 * pool of its own.
 */
function serveOn<Call extends object>(port: MessagePort, handle: (call: Call) => unknown, later?: LaterCalls<Call>): void {
  port.on('message', (call: (Call & { id: number }) | { connect: MessagePort }) => {
    if ('connect' in call) return serveOn(call.connect, handle, later);
    const started = performance.now();
    const run = () => handle(call);
    void (later?.picks(call) ? later.run(run) : Promise.resolve().then(run)).then(
      (result) => port.postMessage({ id: call.id, result, ms: performance.now() - started, cpuMs: threadCpuMs() } satisfies ThreadReply),
      (error: unknown) =>
        port.postMessage({
          id: call.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies ThreadReply),
    );
  });
}

/**
 * Work no request waits for (a ranking thread's background re-rankings, sweeps
 * and push users) runs one call at a time, and each next one only after the
 * thread has taken in the messages that arrived meanwhile: a request's call
 * then starts at once and waits for at most one background call, not for a
 * burst of them (issue 15: a sweep naming many lists queued rankings in front
 * of requests' first pages).
 */
class LaterCalls<Call> {
  private readonly queue: (() => void)[] = [];
  private running = false;

  constructor(readonly picks: (call: Call) => boolean) {}

  run(work: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push(() => {
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => this.next());
      });
      if (!this.running) this.start();
    });
  }

  private start(): void {
    const work = this.queue.shift();
    this.running = work !== undefined;
    work?.();
  }

  /**
   * Two turns of the event loop: an immediate set while one runs fires in the
   * next loop, after its poll phase has delivered the messages that arrived
   * during the call just finished (the port's messages arrive in that phase).
   */
  private next(): void {
    setImmediate(() => setImmediate(() => this.start()));
  }
}

/**
 * This thread's user + system CPU time from Linux's /proc/thread-self/stat
 * (fields 14 and 15, in clock ticks of 10 ms): coarse per call, exact summed
 * over many; what the `*_thread_cpu_seconds_total` metrics report.
 */
export function threadCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
