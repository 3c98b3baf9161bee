import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.js';

/** GET /admin/v1/tenants/{tenant_id}/webhook/deliveries: skeleton, filled in by the webhook work. */
export const adminWebhookDeliveryRoutes: FastifyPluginAsyncTypebox<AppDeps> = async () => {};
