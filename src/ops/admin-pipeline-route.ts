import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { withProblems } from '../http/schemas.js';
import { readPipelineStatus } from './pipeline-status.js';

const Count = Type.Integer({ minimum: 0 });

export type AdminPipelineRouteDeps = Pick<AppDeps, 'clock' | 'db'>;

/** GET /admin/v1/pipeline: the queue of each stage, as /metrics reports it (docs/operations.md). Operators only. */
export const adminPipelineRoute: FastifyPluginAsyncTypebox<AdminPipelineRouteDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/pipeline',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: operations'],
        security: [{ adminToken: [] }],
        summary: 'Crawl queue, event backlog and lag, push jobs and webhook deliveries waiting, fleet-wide',
        response: withProblems(
          {
            200: Type.Object({
              crawl: Type.Object({ due: Count, crawling: Count, failing: Count }, { description: 'crawl_sources{state}' }),
              events: Type.Object(
                { backlog: Count, lag_seconds: Type.Number({ minimum: 0 }) },
                { description: 'events_unprocessed, events_lag_seconds' },
              ),
              push_jobs: Type.Object({ pending: Count, processing: Count }, { description: 'push_jobs_active{status}' }),
              webhooks: Type.Object({ pending: Count }, { description: 'webhook_deliveries_pending' }),
            }),
          },
          [401],
        ),
      },
    },
    async () => {
      const s = await readPipelineStatus(deps.db, deps.clock.now());
      return {
        crawl: s.crawl,
        events: { backlog: s.events.backlog, lag_seconds: s.events.lagSeconds },
        push_jobs: s.pushJobs,
        webhooks: s.webhooks,
      };
    },
  );
};
