import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { createRuntime } from '../deps.js';
import { threadCpuMs } from '../lib/thread-server.js';

/**
 * `content-feed serve`'s background work on a thread of its own (see
 * background-thread.ts): the event processor, crawl scheduler, push jobs,
 * webhook sender and learning, with a database connection of their own, as a
 * `content-feed worker` process runs them beside API nodes. Changes reach the
 * HTTP thread on the thread change bus; its wakes arrive on the work channel.
 */
export type WorkerThreadCall = { id: number; kind: 'metrics' } | { id: number; kind: 'stop' };
export type WorkerThreadReply = { id: number; result: unknown; cpuMs: number | null } | { kind: 'ready'; cpuMs: number | null };

/** Metrics that describe this thread (or the whole process) the way the HTTP thread's own already do: they are not merged. */
const THREAD_LOCAL_METRICS = /^(process_|nodejs_|event_loop_delay_)/;

const PUSH_WARM_UP_DELAY_MS = 15_000;

const { config, name } = workerData as { config: Config; name: string };
const runtime = await createRuntime(config, { startWorkers: true, backgroundThread: { side: 'worker', name } });
// The push pool (100,000 items: 2–3 s of CPU) loads once the node has started: at boot
// the HTTP thread and the ranking thread need the cores for the first feed (a job
// created before then loads it itself).
setTimeout(() => runtime.deps.pushWorker.warmUp(), PUSH_WARM_UP_DELAY_MS).unref();
// The workers' timers are unref'd: this keeps the thread alive until it is told to stop.
const keepAlive = setInterval(() => {}, 1 << 30);

parentPort!.on('message', (call: WorkerThreadCall) => {
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
