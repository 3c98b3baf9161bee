import { readFileSync } from 'node:fs';
import { parentPort, type MessagePort } from 'node:worker_threads';

/** `cpuMs`: the thread's CPU time so far (null where /proc/thread-self is not there). */
export type ThreadReply = { id: number; result: unknown; ms: number; cpuMs: number | null } | { id: number; error: string };

/**
 * The thread side of a `ThreadClient`: answers each numbered call with the
 * handler's result (or its error), the call's wall time and the thread's CPU.
 */
export function serveThread<Call extends object>(handle: (call: Call) => unknown): void {
  serveOn(parentPort!, handle);
}

/**
 * Also answers calls arriving on `port` (the other end of a MessageChannel another
 * thread holds, which `ThreadClient.connect` handed over): serve's worker thread
 * ranks its push users on the HTTP thread's ranking threads this way, not on a
 * pool of its own.
 */
function serveOn<Call extends object>(port: MessagePort | NonNullable<typeof parentPort>, handle: (call: Call) => unknown): void {
  port.on('message', (call: (Call & { id: number }) | { connect: MessagePort }) => {
    if ('connect' in call) return serveOn(call.connect, handle);
    const started = performance.now();
    void Promise.resolve()
      .then(() => handle(call))
      .then(
        (result) => port.postMessage({ id: call.id, result, ms: performance.now() - started, cpuMs: threadCpuMs() } satisfies ThreadReply),
        (error: unknown) => port.postMessage({ id: call.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ThreadReply),
      );
  });
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
