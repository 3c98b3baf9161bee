import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { CreditAmount, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { listTenants } from './tenant-repo.js';
import { MAX_CUSTOM_RATE } from './plans.js';
import { deleteTenant } from './delete-tenant.js';
import { createTenant, patchTenant, requireTenant } from './tenant-service.js';
import { PlanSchema, TenantView, tenantView } from './tenant-view.js';
import type { Tenant } from './tenant-repo.js';

const TenantFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  plan: PlanSchema,
  rate_limit_rps: Nullable(Type.Integer({ minimum: 1, maximum: MAX_CUSTOM_RATE, description: 'Custom plan only.' })),
  usage_cap_credits: Nullable(CreditAmount),
  billing_anchor_day: Type.Integer({ minimum: 1, maximum: 28 }),
};

const admin = { auth: 'admin' as const };
// A console member may read its own tenant and change its usage cap (docs/console.md).
const tenantAdmin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
/** What a member may PATCH on its own tenant; plan, rate, name and anchor day are the operator's. */
const MEMBER_PATCHABLE = new Set(['usage_cap_credits']);
const tags = ['admin: tenants'];
const security = [{ adminToken: [] }];

export type AdminTenantRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'db' | 'dbKind' | 'keys' | 'meter' | 'objects' | 'webhookSecrets'>;

export const adminTenantRoutes: FastifyPluginAsyncTypebox<AdminTenantRoutesDeps> = async (app, deps) => {
  const view = async (tenant: Tenant) => tenantView(tenant, await deps.meter.usedThisCycle(tenant), deps.clock.now());

  app.post(
    '/admin/v1/tenants',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Create a tenant (with a default algorithm and a feed and a push scenario)',
        body: Type.Object(
          {
            name: TenantFields.name,
            plan: TenantFields.plan,
            rate_limit_rps: Type.Optional(TenantFields.rate_limit_rps),
            usage_cap_credits: Type.Optional(TenantFields.usage_cap_credits),
            billing_anchor_day: Type.Optional(TenantFields.billing_anchor_day),
            default_scenarios: Type.Optional(
              Type.Boolean({
                description:
                  'true (the default): the tenant starts with the algorithm `default` and the scenarios `feed` and ' +
                  '`push` using it, so its first feed request works. false: it starts with none.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: TenantView }, [400, 401]),
      },
    },
    async (request, reply) => {
      const tenant = await createTenant(deps, request.body);
      reply.code(201).header('location', `/admin/v1/tenants/${tenant.id}`);
      return view(tenant);
    },
  );

  app.get(
    '/admin/v1/tenants',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List tenants',
        response: withProblems({ 200: Type.Object({ tenants: Type.Array(TenantView) }) }, [401]),
      },
    },
    async () => ({ tenants: await Promise.all((await listTenants(deps.db)).map(view)) }),
  );

  app.get(
    '/admin/v1/tenants/:tenant_id',
    {
      config: tenantAdmin,
      schema: { tags, security, summary: 'Get a tenant', params: TenantIdParams, response: withProblems({ 200: TenantView }, [401, 404]) },
    },
    async (request) => view(await requireTenant(deps.db, request.params.tenant_id)),
  );

  app.patch(
    '/admin/v1/tenants/:tenant_id',
    {
      config: tenantAdmin,
      schema: {
        tags,
        security,
        summary: 'Change a tenant (plan, rate, usage cap, anchor day, name)',
        description: 'Send `usage_cap_credits: null` to remove the cap (pay-as-you-go).',
        params: TenantIdParams,
        body: Type.Partial(Type.Object(TenantFields), { additionalProperties: false, minProperties: 1 }),
        response: withProblems({ 200: TenantView }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      if (request.consoleUser?.role === 'member') {
        const refused = Object.keys(request.body).filter((field) => !MEMBER_PATCHABLE.has(field));
        if (refused.length > 0) {
          throw errors.forbidden(`A tenant member may change only usage_cap_credits; ${refused.join(', ')} can be changed by an operator.`);
        }
      }
      return view(await patchTenant(deps, request.params.tenant_id, request.body));
    },
  );

  app.delete(
    '/admin/v1/tenants/:tenant_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a tenant and all of its data (confirm=<its id>)',
        description:
          'Its API keys stop working at once on every node; its users, events, statistics, algorithms, scenarios, ' +
          'push jobs and files, webhook deliveries, usage, models and console members are removed in one ' +
          'transaction. The audit log is kept. Cannot be undone: `confirm` must repeat the tenant id.',
        params: TenantIdParams,
        querystring: Type.Object(
          { confirm: Type.Optional(Type.String({ maxLength: 64, description: "The tenant's id again." })) },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({
              id: Type.String(),
              name: Type.String(),
              removed: Type.Record(Type.String(), Type.Integer(), { description: 'Rows removed per table (tables that had some).' }),
              push_files: Type.Integer({ description: "Push candidate files removed from the object store (every attempt's)." }),
              kept: Type.Array(Type.String(), { description: 'What was kept: the audit log.' }),
            }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const deleted = await deleteTenant(deps, deps.dbKind, request.params.tenant_id, request.query.confirm);
      request.log.info({ tenant_id: deleted.id, removed: deleted.removed, push_files: deleted.push_files }, 'tenant deleted');
      return deleted;
    },
  );
};
