import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { Nullable, PathId, TenantIdParams, withProblems } from '../http/schemas.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { attemptsOf, findDelivery, listDeliveries } from './delivery-repo.js';
import { deliveryView, DeliveryStatusSchema, WebhookDeliveryView } from './delivery-view.js';

// Tenant-scoped: a console member may call these for its own tenant (docs/console.md).
const admin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const tags = ['admin: webhooks'];
const security = [{ adminToken: [] }];
const DeliveryParams = Type.Object({ tenant_id: PathId, delivery_id: PathId });
const PAGE_DEFAULT = 20;
const PAGE_MAX = 100;

/** A position in a tenant's list, newest first; signed so it cannot be forged or moved to another tenant. */
interface DeliveryCursor {
  t: string;
  c: number;
  i: string;
}

export type AdminWebhookDeliveryRoutesDeps = Pick<AppDeps, 'cursors' | 'db'>;

/** GET /admin/v1/tenants/{tenant_id}/webhook/deliveries[/{delivery_id}]: what was sent, when, and what came back. */
export const adminWebhookDeliveryRoutes: FastifyPluginAsyncTypebox<AdminWebhookDeliveryRoutesDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/webhook/deliveries',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Webhook deliveries of a tenant, newest first, with every attempt',
        params: TenantIdParams,
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT }),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
            status: Type.Optional(DeliveryStatusSchema),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({ deliveries: Type.Array(WebhookDeliveryView), meta: Type.Object({ next_cursor: Nullable(Type.String()) }) }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      await requireTenant(deps.db, tenantId);
      const { limit, cursor, status } = request.query;
      let before: { createdAt: number; id: string } | undefined;
      if (cursor !== undefined) {
        const decoded = deps.cursors.verify<DeliveryCursor>(cursor);
        if (!decoded || decoded.t !== tenantId || typeof decoded.c !== 'number' || typeof decoded.i !== 'string') {
          throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint');
        }
        before = { createdAt: decoded.c, id: decoded.i };
      }
      const rows = await listDeliveries(deps.db, tenantId, { status, before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const attempts = await attemptsOf(
        deps.db,
        page.map((d) => d.id),
      );
      return {
        deliveries: page.map((d) => deliveryView(d, attempts.get(d.id) ?? [])),
        meta: {
          next_cursor:
            rows.length > limit && last ? deps.cursors.sign({ t: tenantId, c: last.createdAt, i: last.id } satisfies DeliveryCursor) : null,
        },
      };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/webhook/deliveries/:delivery_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'One webhook delivery with every attempt',
        params: DeliveryParams,
        response: withProblems({ 200: WebhookDeliveryView }, [401, 404]),
      },
    },
    async (request) => {
      const { tenant_id: tenantId, delivery_id: deliveryId } = request.params;
      await requireTenant(deps.db, tenantId);
      const delivery = await findDelivery(deps.db, tenantId, deliveryId);
      if (!delivery) throw errors.notFound(`Tenant ${tenantId} has no webhook delivery ${deliveryId}.`);
      return deliveryView(delivery, (await attemptsOf(deps.db, [delivery.id])).get(delivery.id) ?? []);
    },
  );
};
