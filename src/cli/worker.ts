import type { Config } from '../config.js';
import { createRuntime } from '../deps.js';

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      deps.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await runtime.close();
      process.exit(0);
    } catch (error) {
      deps.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // The workers' timers are unref'd (they must not hold a finished process open): this one keeps the worker alive.
  setInterval(() => {}, 1 << 30);
}
