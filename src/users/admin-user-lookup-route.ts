import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { recentReads, recentSessions } from '../events/user-activity-repo.js';
import { IsoTimestamp, Nullable, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { TenantIdParams } from '../tenants/admin-tenant-routes.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { UserId } from './user-properties.js';
import { describeUser } from './user-service.js';
import { UserDetail } from './user-view.js';

/** How many reads and sessions the lookup shows, newest first. */
const RECENT = 20;

const UserLookup = Type.Composite([
  UserDetail,
  Type.Object({
    recent_reads: Type.Array(
      Type.Object({
        content_id: Type.String(),
        title: Nullable(Type.String(), { description: 'Null when the item has been deleted since.' }),
        read_at: IsoTimestamp,
        channel: Nullable(Type.Union([Type.Literal('feed'), Type.Literal('push')])),
      }),
    ),
    sessions: Type.Array(Type.Object({ session_id: Type.String(), started_at: IsoTimestamp, last_event_at: IsoTimestamp, events: Type.Integer() })),
  }),
]);

/**
 * GET /admin/v1/tenants/{tenant_id}/users/{user_id}: the user as GET /v1/users/{id}
 * shows it, with what they read and their sessions, for support in the console.
 */
export const adminUserLookupRoute: FastifyPluginAsyncTypebox<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/users/:user_id',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: users'],
        security: [{ adminToken: [] }],
        summary: 'A user with followed and blocked sources, the 20 most recent reads and sessions',
        params: Type.Composite([TenantIdParams, Type.Object({ user_id: UserId })]),
        response: withProblems({ 200: UserLookup }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { tenant_id: tenantId, user_id: userId } = request.params;
      await requireTenant(deps.db, tenantId);
      const user = await describeUser(deps.db, tenantId, userId);
      const [reads, sessions] = await Promise.all([recentReads(deps.db, tenantId, userId, RECENT), recentSessions(deps.db, tenantId, userId, RECENT)]);
      const titles = await deps.contents.items(reads.map((r) => r.contentId));
      return {
        ...user,
        recent_reads: reads.map((r) => ({ content_id: r.contentId, title: titles.get(r.contentId)?.title ?? null, read_at: toIso(r.readAt), channel: r.channel })),
        sessions: sessions.map((s) => ({ session_id: s.sessionId, started_at: toIso(s.startedAt), last_event_at: toIso(s.lastEventAt), events: s.events })),
      };
    },
  );
};
