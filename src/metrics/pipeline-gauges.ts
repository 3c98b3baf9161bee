import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { readPipelineStatus, type PipelineStatus } from '../ops/pipeline-status.js';

/**
 * The pipeline's queues (ops/pipeline-status.ts), as the console's pipeline page
 * shows them: one read per scrape, shared by the gauges read in that scrape
 * (events_unprocessed, the backlog alone, is registerRuntimeGauges').
 */
export function registerPipelineGauges(registry: Registry, deps: { db: Kysely<Database>; clock: Clock }): void {
  let pending: Promise<PipelineStatus> | null = null;
  const status = () => {
    pending ??= readPipelineStatus(deps.db, deps.clock.now()).finally(() => queueMicrotask(() => (pending = null)));
    return pending;
  };
  new Gauge({
    name: 'crawl_sources',
    help: 'Sources by crawl state: due (waiting for a crawler), crawling (leased), failing (backing off).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { crawl } = await status();
      for (const [state, n] of Object.entries(crawl)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'events_lag_seconds',
    help: 'How long the oldest accepted event not yet applied has waited (0 without a backlog).',
    registers: [registry],
    async collect() {
      this.set((await status()).events.lagSeconds);
    },
  });
  new Gauge({
    name: 'push_jobs_active',
    help: 'Push jobs waiting (pending) or running (processing), fleet-wide.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { pushJobs } = await status();
      for (const [state, n] of Object.entries(pushJobs)) this.set({ status: state }, n);
    },
  });
  new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to be sent or retried, fleet-wide.',
    registers: [registry],
    async collect() {
      this.set((await status()).webhooks.pending);
    },
  });
}
