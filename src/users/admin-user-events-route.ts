import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { Database } from '../db/schema.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { UserId } from './user-properties.js';
import { findUser } from './user-repo.js';

const UserEvent = Type.Object({
  seq: Type.Integer({ description: 'Its place in the event log: later received, higher.' }),
  type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
  occurred_at: IsoTimestamp,
  received_at: IsoTimestamp,
  session_id: Type.String(),
  content_id: Nullable(Type.String()),
  title: Nullable(Type.String(), { description: "The item's title; null without an item, or when it was deleted or hidden since." }),
  channel: Nullable(Type.Union([Type.Literal('feed'), Type.Literal('push')])),
  scenario: Nullable(Type.String()),
  position: Nullable(Type.Integer()),
  metadata: Nullable(Type.Record(Type.String(), Type.Unknown())),
  applied: Type.Boolean({ description: 'false while the event processor has not applied it yet (normally under a second).' }),
});

/** Newest received first: the (tenant_id, user_id) index serves it on SQLite, whose rowid is seq. */
function userEvents(db: Kysely<Database>, tenantId: string, userId: string, beforeSeq: number | null, limit: number) {
  let query = db
    .selectFrom('events')
    .select([
      'seq',
      'type',
      'occurred_at',
      'received_at',
      'session_id',
      'content_id',
      'channel',
      'scenario',
      'position',
      'metadata',
      'processed',
    ])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  if (beforeSeq !== null) query = query.where('seq', '<', beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

export type AdminUserEventsRouteDeps = Pick<AppDeps, 'contents' | 'cursors' | 'db'>;

/** GET /admin/v1/tenants/{tenant_id}/users/{user_id}/events: what a user sent, for support in the console. */
export const adminUserEventsRoute: FastifyPluginAsyncTypebox<AdminUserEventsRouteDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/users/:user_id/events',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: users'],
        security: [{ adminToken: [] }],
        summary: "A user's recent events, newest first, with cursor pages",
        description:
          'Events sent with this user_id, in the order the service received them, newest first. 404 for a user the ' +
          'tenant does not have (as the user lookup).',
        params: Type.Composite([TenantIdParams, Type.Object({ user_id: UserId })]),
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Object({ events: Type.Array(UserEvent), meta: Type.Object({ next_cursor: Nullable(Type.String()) }) }) },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const { tenant_id: tenantId, user_id: userId } = request.params;
      await requireTenant(deps.db, tenantId);
      if (!(await findUser(deps.db, tenantId, userId))) throw errors.notFound(`No user ${JSON.stringify(userId)}.`);
      let before: number | null = null;
      if (request.query.cursor !== undefined) {
        const decoded = deps.cursors.verify<{ k: string; t: string; u: string; s: number }>(request.query.cursor);
        if (!decoded || decoded.k !== 'user-events' || decoded.t !== tenantId || decoded.u !== userId || typeof decoded.s !== 'number') {
          throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint for this user');
        }
        before = decoded.s;
      }
      const { limit } = request.query;
      const rows = await userEvents(deps.db, tenantId, userId, before, limit + 1);
      const page = rows.slice(0, limit);
      const titles = await deps.contents.items([...new Set(page.flatMap((r) => (r.content_id === null ? [] : [r.content_id])))]);
      const last = page.at(-1);
      return {
        events: page.map((r) => ({
          seq: Number(r.seq),
          type: r.type as (typeof EVENT_TYPES)[number],
          occurred_at: toIso(Number(r.occurred_at)),
          received_at: toIso(Number(r.received_at)),
          session_id: r.session_id,
          content_id: r.content_id,
          title: r.content_id === null ? null : (titles.get(r.content_id)?.title ?? null),
          channel: r.channel as 'feed' | 'push' | null,
          scenario: r.scenario,
          position: r.position,
          metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
          applied: r.processed === 1,
        })),
        meta: {
          next_cursor:
            rows.length > limit && last ? deps.cursors.sign({ k: 'user-events', t: tenantId, u: userId, s: Number(last.seq) }) : null,
        },
      };
    },
  );
};
