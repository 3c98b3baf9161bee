import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; metrics: Registry }): void {
  const hide = { hide: true };

  app.get('/healthz', { schema: hide, config: { auth: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: hide, config: { auth: 'public' } }, async (request) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unreachable');
      throw errors.unavailable('The database is not reachable.');
    }
    return { status: 'ready' };
  });

  app.get('/metrics', { schema: hide, config: { auth: 'public' } }, async (_request, reply) => {
    reply.type(deps.metrics.contentType);
    return deps.metrics.metrics();
  });
}
