import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { withProblems } from '../http/schemas.js';
import type { ConsoleSession } from './console-sessions.js';
import { findLoginByEmail, recordLogin } from './console-user-repo.js';
import { MAX_EMAIL_CHARS, MAX_PASSWORD_CHARS, normaliseEmail } from './console-user-service.js';
import { sessionUserView, SessionUserView } from './console-user-view.js';
import { dummyPasswordHash, verifyPassword } from './password-hash.js';
import { sessionTokenOf } from './session-cookie.js';

const SessionView = Type.Object({
  user: SessionUserView,
  csrf_token: Type.String({ description: 'Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE of this session.' }),
});
const tags = ['console'];
// One text for an unknown email and a wrong password: the answer must not say which emails have accounts.
const LOGIN_FAILED = 'The email or password is wrong.';

export type ConsoleSessionRoutesDeps = Pick<AppDeps, 'clock' | 'consoleSessions' | 'db' | 'loginThrottle' | 'sessionCookie'>;

/** POST /console/api/login, GET /console/api/session, POST /console/api/logout (docs/console.md). */
export const consoleSessionRoutes: FastifyPluginAsyncTypebox<ConsoleSessionRoutesDeps> = async (app, deps) => {
  const cookie = deps.sessionCookie;
  const sessionView = (session: ConsoleSession) => ({
    user: sessionUserView(session.user),
    csrf_token: deps.consoleSessions.csrfToken(session.id),
  });
  // Computed now, not on the first login with an unknown email (which would then take twice as long).
  void dummyPasswordHash();
  // Login and session answers carry the CSRF token (and set the cookie): no cache, shared or private, may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/console/api/login',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Log in to the console: sets the session cookie (cf_session, or __Host-cf_session over https) and returns the CSRF token',
        body: Type.Object(
          {
            email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_CHARS }),
            password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_CHARS }),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: SessionView }, [400, 401, 429]),
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const admission = await deps.loginThrottle.admit(deps.clock.now(), email, request.ip);
      if (!admission.allowed) {
        throw errors.tooManyRequests(
          `Too many failed logins for this account or from this address; retry after ${admission.retryAfterSeconds} s.`,
          admission.retryAfterSeconds,
        );
      }
      const login = await findLoginByEmail(deps.db, email);
      // An unknown email still costs one scrypt, so timing does not tell either.
      const passwordOk = await verifyPassword(request.body.password, login?.passwordHash ?? (await dummyPasswordHash()));
      if (!login || !passwordOk) {
        request.log.info({ console_user_id: login?.user.id ?? null }, 'console login failed');
        throw errors.unauthorized(LOGIN_FAILED);
      }
      await deps.loginThrottle.succeeded(admission.attemptId, email);
      // A login from a browser that still holds a session replaces it.
      const previous = sessionTokenOf(request, cookie);
      if (previous !== undefined) await deps.consoleSessions.revoke(previous);
      const { token, session } = await deps.consoleSessions.issue(login.user);
      await recordLogin(deps.db, login.user.id, session.createdAt);
      request.log.info({ console_user_id: login.user.id, console_session_id: session.id }, 'console login');
      reply.setCookie(cookie.name, token, cookie.options);
      return sessionView(session);
    },
  );

  app.get(
    '/console/api/session',
    {
      config: { auth: 'console' },
      schema: {
        tags,
        summary: 'The logged-in console user and the session’s CSRF token',
        response: withProblems({ 200: SessionView }, [401]),
      },
    },
    async (request) => sessionView(request.consoleSession!),
  );

  app.post(
    '/console/api/logout',
    {
      config: { auth: 'console' },
      schema: { tags, summary: 'End the console session (needs X-CSRF-Token)', response: withProblems({ 204: Type.Null() }, [401, 403]) },
    },
    async (request, reply) => {
      await deps.consoleSessions.revoke(sessionTokenOf(request, cookie)!);
      request.log.info({ console_user_id: request.consoleUser!.id, console_session_id: request.consoleSession!.id }, 'console logout');
      reply.clearCookie(cookie.name, cookie.options);
      return reply.code(204).send();
    },
  );
};
