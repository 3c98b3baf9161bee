import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { HttpUrl, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { shownWebhookUrl, webhookUrlProblem } from '../webhooks/webhook-url-policy.js';
import { removeWebhook, requireTenant, setWebhook } from './tenant-service.js';

// Tenant-scoped: a console member may call these for its own tenant (docs/console.md).
const admin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const tags = ['admin: webhooks'];
const security = [{ adminToken: [] }];

export type AdminWebhookRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'config' | 'db' | 'keys' | 'webhookSecrets'>;

export const adminWebhookRoutes: FastifyPluginAsyncTypebox<AdminWebhookRoutesDeps> = async (app, deps) => {
  app.put(
    '/admin/v1/tenants/:tenant_id/webhook',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Set the webhook URL; issues a new signing secret, shown only in this response',
        params: TenantIdParams,
        body: Type.Object({ url: HttpUrl }, { additionalProperties: false }),
        response: withProblems({ 200: Type.Object({ url: Type.String(), secret: Type.String() }) }, [400, 401, 404]),
      },
    },
    async (request) => {
      const policy = { allowPrivateNetwork: deps.config.allowPrivateNetworkFetch, requireHttps: deps.config.webhook.requireHttps };
      const problem = await webhookUrlProblem(request.body.url, policy);
      if (problem) throw errors.invalidField('body', 'url', problem);
      return setWebhook(deps, request.params.tenant_id, request.body.url);
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/webhook',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'The webhook URL (the secret is never shown again)',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ url: Nullable(Type.String()) }) }, [401, 404]),
      },
    },
    async (request) => ({ url: shownWebhookUrl((await requireTenant(deps.db, request.params.tenant_id)).webhookUrl) }),
  );

  app.delete(
    '/admin/v1/tenants/:tenant_id/webhook',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Remove the webhook',
        params: TenantIdParams,
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      await removeWebhook(deps, request.params.tenant_id);
      return reply.code(204).send();
    },
  );
};
