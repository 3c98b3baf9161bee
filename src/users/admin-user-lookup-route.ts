import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { recentReads, recentSessions } from '../events/user-activity-repo.js';
import { IsoTimestamp, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { parseProperties } from './properties-column.js';
import { UserId } from './user-properties.js';
import { errors } from '../http/problem.js';
import { searchUsers } from './user-search-repo.js';
import { describeUser } from './user-service.js';
import { UserDetail } from './user-view.js';
import { adminUserEventsRoute } from './admin-user-events-route.js';

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
    sessions: Type.Array(
      Type.Object({ session_id: Type.String(), started_at: IsoTimestamp, last_event_at: IsoTimestamp, events: Type.Integer() }),
    ),
  }),
]);

export type AdminUserLookupRouteDeps = Pick<AppDeps, 'contents' | 'cursors' | 'db' | 'dbKind'>;

/**
 * GET /admin/v1/tenants/{tenant_id}/users/{user_id}: the user as GET /v1/users/{id}
 * shows it, with what they read and their sessions, for support in the console.
 */
export const adminUserLookupRoute: FastifyPluginAsyncTypebox<AdminUserLookupRouteDeps> = async (app, deps) => {
  // A user's events: the lookup's companion, for the same readers.
  await app.register(adminUserEventsRoute, deps);

  app.get(
    '/admin/v1/tenants/:tenant_id/users',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: users'],
        security: [{ adminToken: [] }],
        summary: "Search a tenant's users by id prefix and by property, in user_id order",
        params: TenantIdParams,
        querystring: Type.Object(
          {
            prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'The start of the user id.' })),
            property: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'Users that have this property.' })),
            value: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                description: 'With property: equal to this, or a list holding it (compared as text).',
              }),
            ),
            limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({
              users: Type.Array(
                Type.Object({
                  user_id: Type.String(),
                  properties: Type.Record(Type.String(), Type.Unknown()),
                  created_at: IsoTimestamp,
                  last_active_at: Nullable(IsoTimestamp),
                }),
              ),
              meta: Type.Object({ next_cursor: Nullable(Type.String()) }),
            }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      await requireTenant(deps.db, tenantId);
      const { limit, cursor, ...search } = request.query;
      if (search.value !== undefined && search.property === undefined)
        throw errors.invalidField('query', 'value', 'needs property: the value of which property?');
      const filterKey = JSON.stringify(search);
      let after: string | null = null;
      if (cursor !== undefined) {
        const decoded = deps.cursors.verify<{ k: string; t: string; f: string; u: string }>(cursor);
        if (!decoded || decoded.k !== 'user-search' || decoded.t !== tenantId || decoded.f !== filterKey || typeof decoded.u !== 'string') {
          throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint with these filters');
        }
        after = decoded.u;
      }
      const rows = await searchUsers(deps.db, deps.dbKind, tenantId, search, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        users: page.map((r) => ({
          user_id: r.user_id,
          properties: parseProperties(r.properties),
          created_at: toIso(r.created_at),
          last_active_at: r.last_active_at === null ? null : toIso(r.last_active_at),
        })),
        meta: {
          next_cursor:
            rows.length > limit && last ? deps.cursors.sign({ k: 'user-search', t: tenantId, f: filterKey, u: last.user_id }) : null,
        },
      };
    },
  );

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
      const [reads, sessions] = await Promise.all([
        recentReads(deps.db, tenantId, userId, RECENT),
        recentSessions(deps.db, tenantId, userId, RECENT),
      ]);
      const titles = await deps.contents.items(reads.map((r) => r.contentId));
      return {
        ...user,
        recent_reads: reads.map((r) => ({
          content_id: r.contentId,
          title: titles.get(r.contentId)?.title ?? null,
          read_at: toIso(r.readAt),
          channel: r.channel,
        })),
        sessions: sessions.map((s) => ({
          session_id: s.sessionId,
          started_at: toIso(s.startedAt),
          last_event_at: toIso(s.lastEventAt),
          events: s.events,
        })),
      };
    },
  );
};
