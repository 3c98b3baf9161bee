import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The work waiting in each stage of the pipeline, fleet-wide (read from the database, so every node says the same). */
export interface PipelineStatus {
  crawl: { due: number; crawling: number; failing: number };
  events: { backlog: number; lagSeconds: number };
  pushJobs: { pending: number; processing: number };
  webhooks: { pending: number };
}

/** One read of each stage's queue: the console's pipeline page and /metrics (registerPipelineGauges) show these same numbers. */
export async function readPipelineStatus(db: Kysely<Database>, now: number): Promise<PipelineStatus> {
  const [crawl, events, push, webhooks] = await Promise.all([
    db
      .selectFrom('sources')
      .select([
        sql<number>`sum(case when active = 1 and feed_url is not null and (next_crawl_at is null or next_crawl_at <= ${now})
          and (crawl_lease_until is null or crawl_lease_until <= ${now}) then 1 else 0 end)`.as('due'),
        sql<number>`sum(case when crawl_lease_until > ${now} then 1 else 0 end)`.as('crawling'),
        sql<number>`sum(case when active = 1 and error_count > 0 then 1 else 0 end)`.as('failing'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('events')
      .select([(eb) => eb.fn.countAll<number>().as('backlog'), (eb) => eb.fn.min('received_at').as('oldest')])
      .where('processed', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('push_jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['pending', 'processing'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
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
