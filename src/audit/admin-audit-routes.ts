import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { listAuditEntries, type AuditEntry } from './audit-repo.js';

const tags = ['admin: audit log'];
const security = [{ adminToken: [] }];
const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;

const AuditEntryView = Type.Object(
  {
    id: Type.String(),
    at: IsoTimestamp,
    actor: Type.String({ description: "The console user's email, or `operator token`." }),
    actor_role: Type.Union([Type.Literal('operator'), Type.Literal('member')]),
    tenant_id: Nullable(Type.String()),
    method: Type.String(),
    route: Type.String({ description: 'The route pattern: what kind of change.' }),
    target: Type.String({ description: 'The path changed, or where a created resource lives.' }),
    status: Type.Integer(),
    changes: Type.Unknown({ description: 'The request body, passwords and secrets left out; null without one.' }),
    request_id: Type.String(),
  },
  { $id: 'AuditEntry' },
);
const AuditPage = Type.Object({ entries: Type.Array(AuditEntryView), meta: Type.Object({ next_cursor: Nullable(Type.String()) }) });
const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
};

/** A position in one list (all, or one tenant's), newest first; signed so it cannot be forged or moved to another list. */
interface AuditCursor {
  k: 'audit';
  t: string | null;
  a: number;
  i: string;
}

const view = (e: AuditEntry) => ({
  id: e.id,
  at: toIso(e.at),
  actor: e.actor,
  actor_role: e.actorRole,
  tenant_id: e.tenantId,
  method: e.method,
  route: e.route,
  target: e.target,
  status: e.status,
  changes: e.changes,
  request_id: e.requestId,
});

export type AdminAuditRoutesDeps = Pick<AppDeps, 'cursors' | 'db'>;

/** GET /admin/v1/audit-log (operators) and /admin/v1/tenants/{tenant_id}/audit-log (also the tenant's members): who changed what. */
export const adminAuditRoutes: FastifyPluginAsyncTypebox<AdminAuditRoutesDeps> = async (app, deps) => {
  async function page(tenantId: string | null, query: { limit: number; cursor?: string }) {
    let before: { at: number; id: string } | undefined;
    if (query.cursor !== undefined) {
      const decoded = deps.cursors.verify<AuditCursor>(query.cursor);
      if (!decoded || decoded.k !== 'audit' || decoded.t !== tenantId || typeof decoded.a !== 'number' || typeof decoded.i !== 'string') {
        throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint');
      }
      before = { at: decoded.a, id: decoded.i };
    }
    const rows = await listAuditEntries(deps.db, { tenantId: tenantId ?? undefined, before, limit: query.limit + 1 });
    const entries = rows.slice(0, query.limit);
    const last = entries.at(-1);
    const next =
      rows.length > query.limit && last
        ? deps.cursors.sign({ k: 'audit', t: tenantId, a: last.at, i: last.id } satisfies AuditCursor)
        : null;
    return { entries: entries.map(view), meta: { next_cursor: next } };
  }

  app.get(
    '/admin/v1/audit-log',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every admin change, newest first, with who made it',
        querystring: Type.Object(
          { ...PageQuery, tenant_id: Type.Optional(TenantIdParams.properties.tenant_id) },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: AuditPage }, [400, 401]),
      },
    },
    async (request) => page(request.query.tenant_id ?? null, request.query),
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/audit-log',
    {
      // A console member may read its own tenant's (docs/console.md).
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags,
        security,
        summary: "A tenant's admin changes, newest first, with who made them",
        params: TenantIdParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: withProblems({ 200: AuditPage }, [400, 401, 404]),
      },
    },
    async (request) => {
      await requireTenant(deps.db, request.params.tenant_id);
      return page(request.params.tenant_id, request.query);
    },
  );
};
