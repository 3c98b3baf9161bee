import type { Config } from '../config.js';
import { createRuntime } from '../deps.js';
import { exitOnSignals } from './shutdown.js';

/**
 * `content-feed worker`: the background work only (event processing, crawling,
 * push jobs, webhook deliveries), no HTTP server; any number of them beside
 * `serve --no-workers` API nodes (DESIGN §2). SIGTERM gives running jobs back
 * to the queue and exits 0.
 */
export async function worker(config: Config): Promise<void> {
  const runtime = await createRuntime(config, { startWorkers: true });
  const { deps } = runtime;
  deps.pushWorker.warmUp();
  process.stdout.write(`content-feed worker running (database: ${deps.dbKind}, object store: ${deps.objects.kind})\n`);

  exitOnSignals(deps.log, 'worker', () => runtime.close());
  // The workers' timers are unref'd (they must not hold a finished process open): this one keeps the worker alive.
  setInterval(() => {}, 1 << 30);
}
