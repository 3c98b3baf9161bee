import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'cf_session';

/**
 * HttpOnly: page scripts never read the token. SameSite=Strict: no other site
 * can make the browser send it. Secure whenever the service is reached over
 * https. No Max-Age: the browser drops it when it closes; the server ends the
 * session anyway after 12 idle hours or 7 days (console-sessions.ts).
 */
export function sessionCookieOptions(publicBaseUrl: string | null): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: publicBaseUrl?.startsWith('https:') ?? false };
}

/** The session token the request's cookie carries, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[SESSION_COOKIE];
  return token === undefined || token === '' ? undefined : token;
}
