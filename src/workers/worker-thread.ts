import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { createRuntime } from '../deps.js';
import type { ThreadPort } from '../lib/thread-client.js';
import { BACKGROUND_NICE, lowerThisThreadsPriority } from '../lib/thread-priority.js';
import { threadCpuMs } from '../lib/thread-server.js';

/**
 * `content-feed serve`'s background work on a thread of its own (see
 * background-thread.ts): the event processor, crawl scheduler, push jobs,
 * webhook sender and learning, with a database connection of their own, as a
 * `content-feed worker` process runs them beside API nodes. Changes reach the
 * HTTP thread on the thread change bus; its wakes arrive on the work channel.
 * Push users are ranked on the HTTP thread's ranking threads (through
 * `rankingPorts`), whose pools are already loaded: no pool of its own. When one
 * of those threads dies its port closes, and this thread asks the HTTP thread for
 * a port on the one started in its place ('reconnectRanking', answered by a
 * 'rankingPort').
 */
export type WorkerThreadCall =
  { id: number; kind: 'metrics' } | { id: number; kind: 'stop' } | { id: number; kind: 'rankingPort'; port: ThreadPort | null };
export type WorkerThreadReply =
  | { id: number; result: unknown; cpuMs: number | null }
  | { kind: 'ready'; cpuMs: number | null }
  | { kind: 'reconnectRanking'; id: number; index: number; deadGeneration: number; cpuMs: number | null };

/** Metrics that describe this thread (or the whole process) the way the HTTP thread's own already do: they are not merged. */
const THREAD_LOCAL_METRICS = /^(process_|nodejs_|event_loop_delay_)/;

const { config, name, rankingPorts } = workerData as { config: Config; name: string; rankingPorts: ThreadPort[] };
// First, so the threads it starts (category learning, training) inherit it too.
lowerThisThreadsPriority(BACKGROUND_NICE);
const asked = new Map<number, { resolve(port: ThreadPort): void; reject(error: Error): void }>();
let nextAsk = 1;
const reconnect = (index: number, deadGeneration: number) =>
  new Promise<ThreadPort>((resolve, reject) => {
    const id = nextAsk++;
    asked.set(id, { resolve, reject });
    parentPort!.postMessage({ kind: 'reconnectRanking', id, index, deadGeneration, cpuMs: threadCpuMs() } satisfies WorkerThreadReply);
  });
const runtime = await createRuntime(config, {
  startWorkers: true,
  backgroundThread: { side: 'worker', name, rankingPorts: { ports: rankingPorts, reconnect } },
});
// The workers' timers are unref'd: this keeps the thread alive until it is told to stop.
const keepAlive = setInterval(() => {}, 1 << 30);

parentPort!.on('message', (call: WorkerThreadCall) => {
  if (call.kind === 'rankingPort') {
    const ask = asked.get(call.id);
    asked.delete(call.id);
    if (call.port) ask?.resolve(call.port);
    else ask?.reject(new Error('the HTTP thread gave no port on a ranking thread'));
    return;
  }
  void (async () => {
    if (call.kind === 'metrics') {
      const metrics = (await runtime.deps.metrics.getMetricsAsJSON()).filter((m) => !THREAD_LOCAL_METRICS.test(m.name));
      parentPort!.postMessage({ id: call.id, result: metrics, cpuMs: threadCpuMs() } satisfies WorkerThreadReply);
    } else {
      await runtime.close();
      clearInterval(keepAlive);
      parentPort!.postMessage({ id: call.id, result: null, cpuMs: threadCpuMs() } satisfies WorkerThreadReply);
    }
  })();
});
parentPort!.postMessage({ kind: 'ready', cpuMs: threadCpuMs() } satisfies WorkerThreadReply);
