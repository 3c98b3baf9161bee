import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, TenantIdParams, UtcDay, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { billingCycleAt } from './billing-cycle.js';
import { usageByDay } from './usage-repo.js';

export type AdminUsageRoutesDeps = Pick<AppDeps, 'clock' | 'db' | 'meter'>;

export const adminUsageRoutes: FastifyPluginAsyncTypebox<AdminUsageRoutesDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/usage',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: usage'],
        security: [{ adminToken: [] }],
        summary: 'Credits and requests per endpoint per day',
        description: 'Defaults to the current billing cycle. `from` is inclusive, `to` exclusive.',
        params: TenantIdParams,
        querystring: Type.Object({ from: Type.Optional(UtcDay), to: Type.Optional(UtcDay) }, { additionalProperties: false }),
        response: withProblems(
          {
            200: Type.Object({
              tenant_id: Type.String(),
              cycle: Type.Object({ starts_at: IsoTimestamp, ends_at: IsoTimestamp }),
              usage_cap_credits: Nullable(Type.Number()),
              from: Type.String(),
              to: Type.String(),
              total_credits: Type.Number(),
              total_requests: Type.Integer(),
              days: Type.Array(
                Type.Object({ day: Type.String(), endpoint: Type.String(), requests: Type.Integer(), credits: Type.Number() }),
              ),
            }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request) => {
      const tenant = await requireTenant(deps.db, request.params.tenant_id);
      const cycle = billingCycleAt(deps.clock.now(), tenant.billingAnchorDay);
      const from = request.query.from ?? cycle.startDay;
      const to = request.query.to ?? cycle.endDay;
      if (from >= to) throw errors.invalidField('query', 'to', 'must be a later day than from');
      await deps.meter.flush();
      const rows = await usageByDay(deps.db, tenant.id, from, to);
      const totalMilli = rows.reduce((sum, r) => sum + r.millicredits, 0);
      return {
        tenant_id: tenant.id,
        cycle: { starts_at: toIso(cycle.startsAt), ends_at: toIso(cycle.endsAt) },
        usage_cap_credits: tenant.usageCapMillicredits === null ? null : tenant.usageCapMillicredits / 1000,
        from,
        to,
        total_credits: totalMilli / 1000,
        total_requests: rows.reduce((sum, r) => sum + r.requests, 0),
        days: rows.map((r) => ({ day: r.day, endpoint: r.endpoint, requests: r.requests, credits: r.millicredits / 1000 })),
      };
    },
  );
};
