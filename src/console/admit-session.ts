import type { FastifyRequest } from 'fastify';
import { errors } from '../http/problem.js';
import '../http/route-config.js';
import type { ConsoleSessions } from './console-sessions.js';
import { sessionTokenOf, type SessionCookie } from './session-cookie.js';

/** Methods a cross-site form or script could use to change something: these need the CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Authenticates a request by its console session cookie (pipeline, onRequest):
 * 401 without a live session, 403 for a state-changing request whose
 * `X-CSRF-Token` is missing or belongs to another session. Runs before the
 * body is read, so a refused request changes nothing.
 */
export async function admitConsoleSession(request: FastifyRequest, sessions: ConsoleSessions, cookie: SessionCookie): Promise<void> {
  const token = sessionTokenOf(request, cookie);
  if (token === undefined) throw errors.unauthorized('Log in to the console first (POST /console/api/login).');
  const session = await sessions.verify(token);
  if (!session) throw errors.unauthorized('The console session has ended or expired; log in again.');
  if (!SAFE_METHODS.has(request.method)) {
    const presented = request.headers[CSRF_HEADER];
    if (!sessions.csrfMatches(session.id, typeof presented === 'string' ? presented : undefined)) {
      throw errors.forbidden(
        'This request needs the X-CSRF-Token header with the csrf_token of this session (from login or GET /console/api/session).',
      );
    }
  }
  request.consoleSession = session;
  request.consoleUser = session.user;
}

/**
 * What a console user may call on an `admin` route: an operator anything; a
 * member only routes marked `consoleAccess: 'tenant'`, and only for its own
 * tenant (the `tenant_id` path parameter).
 */
export function authorizeConsoleUser(request: FastifyRequest): void {
  const user = request.consoleUser;
  if (!user || user.role === 'operator') return;
  if (request.routeOptions.config.consoleAccess !== 'tenant') {
    throw errors.forbidden('Only operators may call this route; a tenant member may act only on its own tenant.');
  }
  const tenantId = (request.params as { tenant_id?: unknown } | undefined)?.tenant_id;
  if (tenantId !== user.tenantId) throw errors.forbidden('A tenant member may act only on its own tenant.');
}
