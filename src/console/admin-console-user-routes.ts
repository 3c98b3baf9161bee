import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { Nullable, withProblems } from '../http/schemas.js';
import { listConsoleUsers } from './console-user-repo.js';
import {
  changeConsoleUserRole,
  createConsoleUser,
  MAX_EMAIL_CHARS,
  MAX_PASSWORD_CHARS,
  MIN_PASSWORD_CHARS,
  removeConsoleUser,
} from './console-user-service.js';
import { ConsoleRoleSchema, consoleUserView, ConsoleUserView } from './console-user-view.js';

// No consoleAccess: operators only (by token or operator session).
const admin = { auth: 'admin' as const };
const tags = ['admin: console users'];
const security = [{ adminToken: [] }];

export type AdminConsoleUserRoutesDeps = Pick<AppDeps, 'clock' | 'db'>;

/** Console accounts: POST, GET /admin/v1/console-users, PATCH (role) and DELETE /admin/v1/console-users/{id}. */
export const adminConsoleUserRoutes: FastifyPluginAsyncTypebox<AdminConsoleUserRoutesDeps> = async (app, deps) => {
  app.post(
    '/admin/v1/console-users',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Create a console user (an operator, or a member of one tenant)',
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: MAX_EMAIL_CHARS }),
            password: Type.String({ minLength: MIN_PASSWORD_CHARS, maxLength: MAX_PASSWORD_CHARS }),
            role: ConsoleRoleSchema,
            tenant_id: Type.Optional(
              Nullable(Type.String({ minLength: 1, maxLength: 64 }), {
                description: 'Required for a member; not allowed for an operator.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: ConsoleUserView }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { email, password, role, tenant_id: tenantId } = request.body;
      const user = await createConsoleUser(deps, { email, password, role, tenantId });
      request.log.info({ console_user_id: user.id, role: user.role, tenant_id: user.tenantId }, 'console user created');
      reply.code(201).header('location', `/admin/v1/console-users/${user.id}`);
      return consoleUserView(user);
    },
  );

  app.get(
    '/admin/v1/console-users',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List console users (never their passwords)',
        response: withProblems({ 200: Type.Object({ console_users: Type.Array(ConsoleUserView) }) }, [401, 403]),
      },
    },
    async () => ({ console_users: (await listConsoleUsers(deps.db)).map(consoleUserView) }),
  );

  app.patch(
    '/admin/v1/console-users/:user_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: "Change a console user's role (operator, or member of a tenant)",
        description: 'Open sessions carry the new role from their next request. 409 for the only operator becoming a member.',
        params: Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Type.Object(
          {
            role: ConsoleRoleSchema,
            tenant_id: Type.Optional(
              Nullable(Type.String({ minLength: 1, maxLength: 64 }), {
                description: 'Required for a member; not allowed for an operator.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: ConsoleUserView }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const user = await changeConsoleUserRole(deps, request.params.user_id, request.body.role, request.body.tenant_id);
      request.log.info({ console_user_id: user.id, role: user.role, tenant_id: user.tenantId }, 'console user role changed');
      return consoleUserView(user);
    },
  );

  app.delete(
    '/admin/v1/console-users/:user_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a console user; its sessions end at once',
        params: Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: withProblems({ 204: Type.Null() }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      await removeConsoleUser(deps, request.params.user_id);
      request.log.info({ console_user_id: request.params.user_id }, 'console user deleted');
      return reply.code(204).send();
    },
  );
};
