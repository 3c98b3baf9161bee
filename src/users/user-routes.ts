import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { Nullable, withProblems } from '../http/schemas.js';
import { UserId, UserProperties, UserPropertiesPatch } from './user-properties.js';
import {
  deleteUser,
  describeUser,
  pageUsers,
  patchUser,
  putUser,
  relateToSource,
  USER_PAGE_DEFAULT,
  USER_PAGE_MAX,
} from './user-service.js';
import { UserDetail, UserRecord } from './user-view.js';

const free = { auth: 'tenant' as const, meter: { endpoint: 'users', millicredits: 0 } };
const tags = ['users'];
const security = [{ apiKey: [] }];
const UserParams = Type.Object({ user_id: UserId });
const SourceParams = Type.Object({ user_id: UserId, source_id: Type.String({ minLength: 1, maxLength: 64 }) });
const problems = [400, 401, 403, 404, 429];
/** An upsert and the list never answer 404. */
const problemsWithout404 = [400, 401, 403, 429];

export type UserRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'cursors' | 'db' | 'dbKind' | 'objects'>;

/** Every user endpoint of SPEC.md: free (0 credits), rate limited, tenant-scoped. */
export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesDeps> = async (app, deps) => {
  const tenantOf = (request: { principal?: { tenant: { id: string } } }) => request.principal!.tenant.id;

  app.put(
    '/v1/users/:user_id',
    {
      config: free,
      schema: {
        tags,
        security,
        operationId: 'putUser',
        summary: 'Create or replace a user (201 created, 200 replaced)',
        params: UserParams,
        body: Type.Object({ properties: UserProperties }, { additionalProperties: false }),
        response: withProblems({ 200: UserDetail, 201: UserDetail }, problemsWithout404),
      },
    },
    async (request, reply) => {
      const { created, user } = await putUser(deps, tenantOf(request), request.params.user_id, request.body.properties);
      reply.code(created ? 201 : 200);
      if (created) reply.header('location', `/v1/users/${encodeURIComponent(request.params.user_id)}`);
      return user;
    },
  );

  app.patch(
    '/v1/users/:user_id',
    {
      config: free,
      schema: {
        tags,
        security,
        operationId: 'patchUser',
        summary: 'Update only the given properties (null removes one)',
        params: UserParams,
        body: Type.Object({ properties: UserPropertiesPatch }, { additionalProperties: false }),
        response: withProblems({ 200: UserDetail }, problems),
      },
    },
    async (request) => patchUser(deps, tenantOf(request), request.params.user_id, request.body.properties),
  );

  app.get(
    '/v1/users/:user_id',
    {
      config: free,
      schema: {
        tags,
        security,
        operationId: 'getUser',
        summary: 'A user with followed and blocked sources',
        params: UserParams,
        response: withProblems({ 200: UserDetail }, problems),
      },
    },
    async (request) => describeUser(deps.db, tenantOf(request), request.params.user_id),
  );

  app.get(
    '/v1/users',
    {
      config: free,
      schema: {
        tags,
        security,
        operationId: 'listUsers',
        summary: 'All users of the tenant, in pages (ordered by user_id)',
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: USER_PAGE_MAX, default: USER_PAGE_DEFAULT }),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Object({ users: Type.Array(UserRecord), meta: Type.Object({ next_cursor: Nullable(Type.String()) }) }) },
          problemsWithout404,
        ),
      },
    },
    async (request) => pageUsers(deps, tenantOf(request), request.query.limit, request.query.cursor),
  );

  app.delete(
    '/v1/users/:user_id',
    {
      config: free,
      schema: {
        tags,
        security,
        operationId: 'deleteUser',
        summary: 'Delete a user and everything held about them, permanently',
        params: UserParams,
        response: withProblems({ 204: Type.Null() }, problems),
      },
    },
    async (request, reply) => {
      await deleteUser(deps, tenantOf(request), request.params.user_id);
      return reply.code(204).send();
    },
  );

  for (const relation of ['follow', 'block'] as const) {
    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: `/v1/users/:user_id/sources/:source_id/${relation}`,
        config: free,
        schema: {
          tags,
          security,
          operationId: `${method === 'PUT' ? relation : `un${relation}`}Source`,
          summary: `${method === 'PUT' ? '' : 'Un'}${relation} a source (idempotent)`,
          params: SourceParams,
          response: withProblems({ 204: Type.Null() }, problems),
        },
        handler: async (request, reply) => {
          const { user_id, source_id } = request.params;
          await relateToSource(deps, tenantOf(request), user_id, source_id, relation, method === 'PUT');
          return reply.code(204).send();
        },
      });
    }
  }
};
