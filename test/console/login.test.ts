import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { databaseContains } from '../helpers/scan-database.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, login, loginAs, PASSWORD, sessionCookieValue } from './console-helpers.js';

const HOUR = 3_600_000;

describe.each(testBackends().map((b) => [b.name, b] as const))('console login and sessions on %s', (_name, backend) => {
  let t: TestApp;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ backend });
    await createUser(t, { email: 'Ops@Example.com', role: 'operator' });
  });
  afterAll(() => t.close());

  it('logs in with the email in any case: the user, a CSRF token and a cookie with exactly HttpOnly, SameSite=Strict, Path=/', async () => {
    const res = await login(t, 'ops@EXAMPLE.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: expect.stringMatching(/^cu_/), email: 'ops@example.com', role: 'operator', tenant_id: null });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = [res.headers['set-cookie']].flat() as string[];
    expect(setCookie).toHaveLength(1);
    const [pair, ...attributes] = setCookie[0]!.split('; ');
    expect(pair).toMatch(/^cf_session=cfs_[0-9A-Za-z]{43}$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    tokens.push(sessionCookieValue(res));
  });

  it('answers a wrong password and an unknown email with the same 401, and sets no cookie', async () => {
    const wrongPassword = await login(t, 'ops@example.com', 'not the password');
    const unknownEmail = await login(t, 'nobody@example.com', PASSWORD);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const strip = (res: typeof wrongPassword) => ({ ...res.json(), request_id: undefined });
    expect(strip(wrongPassword)).toEqual(strip(unknownEmail));
    expect(wrongPassword.json().detail).toBe('The email or password is wrong.');
    expect(wrongPassword.headers['www-authenticate']).toBe(unknownEmail.headers['www-authenticate']);
  });

  it('GET /console/api/session returns the user and the same CSRF token; without a valid cookie it is 401', async () => {
    const browser = await loginAs(t, 'ops@example.com');
    tokens.push(browser.token);
    const res = await asBrowser(t, browser, 'GET', '/console/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: browser.user, csrf_token: browser.csrf });
    expect((await t.app.inject({ method: 'GET', url: '/console/api/session' })).statusCode).toBe(401);
    const forged = await asBrowser(t, { token: `cfs_${'A'.repeat(43)}`, csrf: browser.csrf }, 'GET', '/console/api/session');
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toMatch(/^application\/problem\+json/);
    // The bearer operator token is no console session.
    expect((await t.admin('GET', '/console/api/session')).statusCode).toBe(401);
  });

  it('every login opens its own session, each with its own CSRF token', async () => {
    const a = await loginAs(t, 'ops@example.com');
    const b = await loginAs(t, 'ops@example.com');
    expect(a.token).not.toBe(b.token);
    expect(a.csrf).not.toBe(b.csrf);
    tokens.push(a.token, b.token);
  });

  it('logout needs the CSRF token, ends the session on the server and clears the cookie', async () => {
    const browser = await loginAs(t, 'ops@example.com');
    tokens.push(browser.token);
    const refused = await asBrowser(t, browser, 'POST', '/console/api/logout', undefined, { csrf: null });
    expect(refused.statusCode).toBe(403);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(200);

    const res = await asBrowser(t, browser, 'POST', '/console/api/logout');
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'cf_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    // The old cookie, replayed, is worthless now.
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
    expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(401);
    expect((await asBrowser(t, browser, 'POST', '/console/api/logout')).statusCode).toBe(401);
  });

  it('a new login from a browser that holds a session replaces that session', async () => {
    const first = await loginAs(t, 'ops@example.com');
    const second = await login(t, 'ops@example.com', PASSWORD, { cookie: `cf_session=${first.token}` });
    expect(second.statusCode).toBe(200);
    tokens.push(first.token, sessionCookieValue(second));
    expect((await asBrowser(t, first, 'GET', '/console/api/session')).statusCode).toBe(401);
    expect(
      (await asBrowser(t, { token: sessionCookieValue(second), csrf: second.json().csrf_token }, 'GET', '/console/api/session')).statusCode,
    ).toBe(200);
  });

  it('ends a session after 12 idle hours; any request keeps it alive', async () => {
    const browser = await loginAs(t, 'ops@example.com');
    tokens.push(browser.token);
    t.clock.advance(12 * HOUR - 60_000);
    expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(200);
    t.clock.advance(12 * HOUR - 60_000);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(200);
    t.clock.advance(12 * HOUR);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
    expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(401);
  });

  it('ends a session 7 days after login however active it is', async () => {
    const browser = await loginAs(t, 'ops@example.com');
    tokens.push(browser.token);
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      t.clock.advance(6 * HOUR);
      expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode, `after ${hours} h`).toBe(200);
    }
    t.clock.advance(6 * HOUR);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
  });

  it('records the last login time in the user list', async () => {
    const before = t.clock.now();
    await loginAs(t, 'ops@example.com').then((b) => tokens.push(b.token));
    const users = (await t.admin('GET', '/admin/v1/console-users')).json().console_users;
    expect(users).toEqual([expect.objectContaining({ email: 'ops@example.com', last_login_at: new Date(before).toISOString() })]);
  });

  it('keeps no password or session token in clear in the database while the sessions live, and never logs them', async () => {
    const live = [await loginAs(t, 'ops@example.com'), await loginAs(t, 'ops@example.com')];
    tokens.push(...live.map((b) => b.token));
    expect((await login(t, 'ops@example.com', 'not the password')).statusCode).toBe(401);
    // Checked now, while the sessions and the failed attempt are stored: a logout, an
    // expiry or a later success deletes them, and a scan then could not find anything.
    for (const browser of live) expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(200);
    expect((await t.deps.db.selectFrom('console_sessions').select('id').execute()).length).toBeGreaterThanOrEqual(2);
    expect((await t.deps.db.selectFrom('console_login_attempts').select('subject').execute()).length).toBeGreaterThanOrEqual(2);
    expect(await databaseContains(t, PASSWORD)).toBe(false);
    expect(await databaseContains(t, 'not the password')).toBe(false);
    for (const browser of live) expect(await databaseContains(t, browser.token)).toBe(false);

    // Logs only grow: every token this suite was given, and both passwords, are checked there.
    expect(tokens.length).toBeGreaterThan(8);
    const logs = t.logs.join('');
    expect(logs).toContain('console login');
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain('not the password');
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});

describe('the session cookie behind https', () => {
  it('is __Host-cf_session, Secure, Path=/ and without Domain, and only that name opens the session', async () => {
    const t = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://feed.example' } });
    try {
      await createUser(t, { email: 'ops@example.com', role: 'operator' });
      const res = await login(t, 'ops@example.com');
      expect(res.statusCode).toBe(200);
      const [pair, ...attributes] = String(res.headers['set-cookie']).split('; ');
      expect(pair).toMatch(/^__Host-cf_session=cfs_[0-9A-Za-z]{43}$/);
      expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']);
      const token = pair!.slice('__Host-cf_session='.length);
      const csrf = res.json().csrf_token as string;
      const withCookie = (cookie: string, method: 'GET' | 'POST' = 'GET', url = '/console/api/session') =>
        t.app.inject({ method, url, headers: { cookie, 'x-csrf-token': csrf } });

      expect((await withCookie(`__Host-cf_session=${token}`)).statusCode).toBe(200);
      expect((await withCookie(`__Host-cf_session=${token}`, 'GET', '/admin/v1/tenants')).statusCode).toBe(200);
      // What a sibling subdomain could plant for the parent domain is never read.
      expect((await withCookie(`cf_session=${token}`)).statusCode).toBe(401);
      expect((await withCookie(`cf_session=${token}`, 'GET', '/admin/v1/tenants')).statusCode).toBe(401);

      const logout = await withCookie(`__Host-cf_session=${token}`, 'POST', '/console/api/logout');
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((c) => c.name === '__Host-cf_session')!;
      expect(cleared).toMatchObject({ value: '', path: '/', secure: true });
      expect(cleared.domain).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('caching of login and session answers', () => {
  it('Cache-Control: no-store on login and GET /console/api/session (they carry the CSRF token)', async () => {
    const t = await startTestApp();
    try {
      await createUser(t, { email: 'ops@example.com', role: 'operator' });
      const res = await login(t, 'ops@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const session = await asBrowser(t, { token: sessionCookieValue(res), csrf: res.json().csrf_token }, 'GET', '/console/api/session');
      expect(session.statusCode).toBe(200);
      expect(session.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
