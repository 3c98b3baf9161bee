import Fastify from 'fastify';
import type { Config } from '../config.js';
import { createRuntime } from '../deps.js';
import { installErrorHandling } from '../http/error-handling.js';
import { healthRoutes } from '../ops/health-routes.js';
import { listenOn } from './listen.js';
import { exitOnSignals } from './shutdown.js';

/**
 * `content-feed worker`: the background work only (event processing, crawling,
 * push jobs, webhook deliveries), no API; any number of them beside
 * `serve --no-workers` API nodes (DESIGN §2). With WORKER_METRICS_PORT it serves
 * /healthz, /readyz and /metrics there, so the metrics of the work it does (event
 * lag, crawls, push jobs, webhooks) can be scraped. SIGTERM gives running jobs
 * back to the queue and exits 0.
 */
export async function worker(config: Config): Promise<void> {
  const runtime = await createRuntime(config, { startWorkers: true });
  const { deps } = runtime;
  deps.pushWorker.warmUp();

  let metricsAddress = '';
  const http = config.workerMetricsPort === null ? null : Fastify({ loggerInstance: deps.log, disableRequestLogging: true });
  if (http) {
    installErrorHandling(http);
    healthRoutes(http, deps);
    metricsAddress = `, metrics on ${await listenOn(http, config.workerMetricsPort!, config.host, 'WORKER_METRICS_PORT')}/metrics`;
  }
  process.stdout.write(`content-feed worker running (database: ${deps.dbKind}, object store: ${deps.objects.kind}${metricsAddress})\n`);

  exitOnSignals(deps.log, 'worker', async () => {
    await http?.close();
    await runtime.close();
  });
  // The workers' timers are unref'd (they must not hold a finished process open): this one keeps the worker alive.
  setInterval(() => {}, 1 << 30);
}
