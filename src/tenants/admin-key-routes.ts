import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { IsoTimestamp, Nullable, PathId, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { ApiKeyRecord } from './api-key-repo.js';
import { issueApiKey, revokeTenantApiKey, tenantApiKeys } from './tenant-service.js';

const ApiKeyView = Type.Object(
  {
    key_id: Type.String(),
    name: Type.String(),
    last4: Type.String({ description: 'The last four characters, to tell keys apart.' }),
    created_at: IsoTimestamp,
    last_used_at: Nullable(IsoTimestamp),
    revoked_at: Nullable(IsoTimestamp),
  },
  { $id: 'ApiKey' },
);

function keyView(key: ApiKeyRecord) {
  return {
    key_id: key.id,
    name: key.name,
    last4: key.last4,
    created_at: toIso(key.createdAt),
    last_used_at: toIsoOrNull(key.lastUsedAt),
    revoked_at: toIsoOrNull(key.revokedAt),
  };
}

// Tenant-scoped: a console member may call these for its own tenant (docs/console.md).
const admin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const tags = ['admin: api keys'];
const security = [{ adminToken: [] }];

export type AdminKeyRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'db' | 'keys' | 'webhookSecrets'>;

export const adminKeyRoutes: FastifyPluginAsyncTypebox<AdminKeyRoutesDeps> = async (app, deps) => {
  app.post(
    '/admin/v1/tenants/:tenant_id/api-keys',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Issue an API key (the full key is shown only in this response)',
        params: TenantIdParams,
        body: Type.Optional(
          Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false }),
        ),
        response: withProblems({ 201: Type.Composite([ApiKeyView, Type.Object({ api_key: Type.String() })]) }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      const issued = await issueApiKey(deps, request.params.tenant_id, request.body?.name);
      reply.code(201);
      return { ...keyView(issued.record), api_key: issued.apiKey };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/api-keys',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List API keys (never the keys themselves)',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ api_keys: Type.Array(ApiKeyView) }) }, [401, 404]),
      },
    },
    async (request) => ({ api_keys: (await tenantApiKeys(deps, request.params.tenant_id)).map(keyView) }),
  );

  app.delete(
    '/admin/v1/tenants/:tenant_id/api-keys/:key_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Revoke an API key (every node refuses it within 10 seconds)',
        params: Type.Composite([TenantIdParams, Type.Object({ key_id: PathId })]),
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      await revokeTenantApiKey(deps, request.params.tenant_id, request.params.key_id);
      return reply.code(204).send();
    },
  );
};
