import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { TenantIdParams, UtcDay, withProblems } from '../http/schemas.js';
import { utcDay } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { activityMetrics, ActivityMetricsView } from './activity-metrics.js';

const MAX_DAYS = 366;

export type AdminMetricsRouteDeps = Pick<AppDeps, 'clock' | 'db'>;

export const adminMetricsRoute: FastifyPluginAsyncTypebox<AdminMetricsRouteDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/metrics',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: usage'],
        security: [{ adminToken: [] }],
        summary: 'DAU, MAU, sessions, impressions, clicks, CTR and push engagement for a date range',
        description:
          'Days are UTC; `from` inclusive (default 29 days before today), `to` exclusive (default tomorrow). Counts ' +
          'include events processed so far (normally under a second behind). With `scenario` or `channel`, active ' +
          'users, impressions, clicks, push clicks and reactions are those of that scenario or channel (events ' +
          "whose tracking token named it); sessions stay the tenant's.",
        params: TenantIdParams,
        querystring: Type.Object(
          {
            from: Type.Optional(UtcDay),
            to: Type.Optional(UtcDay),
            scenario: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 64,
                description: 'Only what this scenario served (impressions, clicks, reactions, their users).',
              }),
            ),
            channel: Type.Optional(
              Type.Union([Type.Literal('feed'), Type.Literal('push')], { description: 'Only the feed or only push.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Composite([Type.Object({ tenant_id: Type.String(), from: Type.String(), to: Type.String() }), ActivityMetricsView]) },
          [400, 401, 404],
        ),
      },
    },
    async (request) => {
      const tenant = await requireTenant(deps.db, request.params.tenant_id);
      const now = deps.clock.now();
      const to = request.query.to ?? utcDay(now + 86_400_000);
      const from = request.query.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - 30 * 86_400_000);
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(span > 0)) throw errors.invalidField('query', 'to', 'must be a later day than from');
      if (span > MAX_DAYS) throw errors.invalidField('query', 'from', `the range may span at most ${MAX_DAYS} days`);
      const { scenario, channel } = request.query;
      return { tenant_id: tenant.id, from, to, ...(await activityMetrics(deps.db, tenant.id, from, to, { scenario, channel })) };
    },
  );
};
