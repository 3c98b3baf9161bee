import { Gauge, type Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

/** The work waiting in each stage of the pipeline, fleet-wide (read from the database, so every node says the same). */
export interface PipelineStatus {
  crawl: { due: number; crawling: number; failing: number };
  events: { backlog: number; lagSeconds: number };
  pushJobs: { pending: number; processing: number };
  webhooks: { pending: number };
}

/** One read of each stage's queue: the console's pipeline page and /metrics show these same numbers. */
export async function readPipelineStatus(db: Kysely<Database>, now: number): Promise<PipelineStatus> {
  const [crawl, events, push, webhooks] = await Promise.all([
    db
      .selectFrom('sources')
      .select([
        sql<number>`sum(case when active = 1 and feed_url is not null and (next_crawl_at is null or next_crawl_at <= ${now}) and (crawl_lease_until is null or crawl_lease_until <= ${now}) then 1 else 0 end)`.as('due'),
        sql<number>`sum(case when crawl_lease_until > ${now} then 1 else 0 end)`.as('crawling'),
        sql<number>`sum(case when active = 1 and error_count > 0 then 1 else 0 end)`.as('failing'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('events')
      .select([(eb) => eb.fn.countAll<number>().as('backlog'), (eb) => eb.fn.min('received_at').as('oldest')])
      .where('processed', '=', 0)
      .executeTakeFirstOrThrow(),
    db.selectFrom('push_jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('status', 'in', ['pending', 'processing']).groupBy('status').execute(),
    db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
  ]);
  const jobs = new Map(push.map((r) => [r.status, Number(r.n)]));
  const oldest = events.oldest === null ? null : Number(events.oldest);
  return {
    crawl: { due: Number(crawl.due ?? 0), crawling: Number(crawl.crawling ?? 0), failing: Number(crawl.failing ?? 0) },
    // How long the oldest event not yet applied has waited: the processor's lag behind intake.
    events: { backlog: Number(events.backlog), lagSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000) },
    pushJobs: { pending: jobs.get('pending') ?? 0, processing: jobs.get('processing') ?? 0 },
    webhooks: { pending: Number(webhooks.n) },
  };
}

/**
 * The same numbers on /metrics: one read per scrape, shared by the gauges read in
 * that scrape (events_unprocessed, the backlog alone, is registered with the event
 * processor).
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
