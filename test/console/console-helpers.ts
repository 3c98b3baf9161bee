import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/test-app.js';

/** A logged-in console browser: its cookie token and the session's CSRF token. */
export interface ConsoleBrowser {
  token: string;
  csrf: string;
  user: { id: string; email: string; role: string; tenant_id: string | null };
}

export const PASSWORD = 'correct horse battery staple';

/** Creates a console user through the admin API (operator token). */
export async function createUser(
  t: TestApp,
  fields: { email: string; role: 'operator' | 'member'; tenant_id?: string; password?: string },
) {
  const res = await t.admin('POST', '/admin/v1/console-users', { password: PASSWORD, ...fields });
  if (res.statusCode !== 201) throw new Error(`console user not created: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; email: string }>();
}

export function login(t: TestApp, email: string, password = PASSWORD, options: { remoteAddress?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/console/api/login',
    payload: { email, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
}

/** The value of the cf_session cookie a response sets. */
export function sessionCookieValue(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'cf_session');
  if (!cookie) throw new Error(`no cf_session cookie: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

export async function loginAs(t: TestApp, email: string, password = PASSWORD): Promise<ConsoleBrowser> {
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { token: sessionCookieValue(res), csrf: res.json().csrf_token, user: res.json().user };
}

/** A request as the console's browser sends it: the cookie, and the CSRF header unless `csrf: null`. */
export function asBrowser(
  t: TestApp,
  browser: Pick<ConsoleBrowser, 'token' | 'csrf'>,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  options: { csrf?: string | null } = {},
) {
  const csrf = options.csrf === undefined ? browser.csrf : options.csrf;
  return t.app.inject({
    method,
    url,
    headers: { cookie: `cf_session=${browser.token}`, ...(csrf === null ? {} : { 'x-csrf-token': csrf }) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
