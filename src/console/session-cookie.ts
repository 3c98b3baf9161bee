import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/** The cookie's name over plain http (development, tests): browsers refuse `__Host-` cookies that are not Secure. */
export const SESSION_COOKIE = 'cf_session';
/**
 * Its name over https. A browser accepts a `__Host-` cookie only with Secure,
 * Path=/ and no Domain, so a page on a sibling subdomain (or a plain-http
 * answer) cannot plant one: it could set `cf_session` for the parent domain,
 * and that name is then never read.
 */
export const SECURE_SESSION_COOKIE = '__Host-cf_session';

export interface SessionCookie {
  name: string;
  options: CookieSerializeOptions;
}

/**
 * HttpOnly: page scripts never read the token. SameSite=Strict: no other site
 * can make the browser send it. Secure, with the `__Host-` name, whenever the
 * service is reached over https. No Max-Age: the browser drops it when it
 * closes; the server ends the session anyway after 12 idle hours or 7 days
 * (console-sessions.ts).
 */
export function sessionCookie(publicBaseUrl: string | null): SessionCookie {
  const secure = publicBaseUrl?.startsWith('https:') ?? false;
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: { httpOnly: true, sameSite: 'strict', path: '/', secure },
  };
}

/** The session token the request's cookie of this name carries, if any (only that name: never the other). */
export function sessionTokenOf(request: FastifyRequest, cookie: SessionCookie): string | undefined {
  const token = request.cookies?.[cookie.name];
  return token === undefined || token === '' ? undefined : token;
}
