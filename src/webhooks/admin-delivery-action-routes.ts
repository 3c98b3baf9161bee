import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { TenantIdParams, withProblems } from '../http/schemas.js';
import { queueTestDelivery, resendDelivery } from './manual-deliveries.js';

const openToConsole = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const tags = ['admin: webhooks'];
const security = [{ adminToken: [] }];
const Queued = Type.Object({
  delivery_id: Type.String({ description: 'The new delivery; follow it at …/webhook/deliveries/{delivery_id}.' }),
});

export type AdminDeliveryActionRoutesDeps = Pick<AppDeps, 'clock' | 'config' | 'db' | 'dbKind' | 'webhooks'>;

/** POST …/webhook/test and …/webhook/deliveries/{delivery_id}/resend: deliveries asked for by hand (docs/webhooks.md). */
export const adminDeliveryActionRoutes: FastifyPluginAsyncTypebox<AdminDeliveryActionRoutesDeps> = async (app, deps) => {
  app.post(
    '/admin/v1/tenants/:tenant_id/webhook/test',
    {
      config: openToConsole,
      schema: {
        tags,
        security,
        summary:
          "Queue a signed webhook.test delivery to the tenant's webhook URL (409 without one; 429 while 5 tests or resends are pending)",
        params: TenantIdParams,
        response: withProblems({ 202: Queued }, [401, 403, 404, 409, 429]),
      },
    },
    async (request, reply) => {
      const deliveryId = await queueTestDelivery(deps, request.params.tenant_id);
      return reply.code(202).send({ delivery_id: deliveryId });
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/webhook/deliveries/:delivery_id/resend',
    {
      config: openToConsole,
      schema: {
        tags,
        security,
        summary:
          "Queue a new delivery of an earlier delivery's body, under a new id; the earlier one is left unchanged " +
          '(429 while 5 tests or resends are pending)',
        params: Type.Composite([TenantIdParams, Type.Object({ delivery_id: Type.String({ minLength: 1, maxLength: 64 }) })]),
        response: withProblems({ 202: Queued }, [401, 403, 404, 409, 429]),
      },
    },
    async (request, reply) => {
      const deliveryId = await resendDelivery(deps, request.params.tenant_id, request.params.delivery_id);
      return reply.code(202).send({ delivery_id: deliveryId });
    },
  );
};
