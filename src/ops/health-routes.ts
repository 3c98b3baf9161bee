import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { BackgroundThread } from '../workers/background-thread.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';

export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; metrics: Registry; background: BackgroundThread | null },
): void {
  const hide = { hide: true };
  // Probes are called every few seconds by every load balancer and Prometheus: no
  // request line for them (warn and above still are: readyz's database failure).
  const probe = { schema: hide, config: { auth: 'public' as const }, logLevel: 'warn' as const };

  app.get('/healthz', probe, async () => ({ status: 'ok' }));

  app.get('/readyz', probe, async (request) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unreachable');
      throw errors.unavailable('The database is not reachable.');
    }
    return { status: 'ready' };
  });

  app.get('/metrics', probe, async (_request, reply) => {
    // With serve's worker thread, its metrics (event lag, push jobs, crawls, webhooks) are added to this thread's.
    const registry = deps.background ? await deps.background.mergedMetrics(deps.metrics) : deps.metrics;
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
