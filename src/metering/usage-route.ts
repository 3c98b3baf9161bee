import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.js';
import { withProblems } from '../http/schemas.js';
import { UsageSummary, usageSummary } from './usage-view.js';

export type UsageRouteDeps = Pick<AppDeps, 'clock' | 'meter'>;

/**
 * GET /v1/usage (free): the calling tenant's credits this billing cycle, its cap
 * and plan rate, so a backend can watch its own limits. Not in SPEC.md; an
 * addition documented in docs/api.md.
 */
export const usageRoute: FastifyPluginAsyncTypebox<UsageRouteDeps> = async (app, deps) => {
  app.get(
    '/v1/usage',
    {
      config: { auth: 'tenant', meter: { endpoint: 'usage', millicredits: 0 } },
      schema: {
        tags: ['usage'],
        operationId: 'getUsage',
        summary: "This tenant's credit usage in the current billing cycle (free)",
        security: [{ apiKey: [] }],
        response: withProblems({ 200: UsageSummary }, [401, 403, 429]),
      },
    },
    async (request) => {
      const tenant = request.principal!.tenant;
      return usageSummary(tenant, await deps.meter.usedThisCycle(tenant), deps.clock.now());
    },
  );
};
