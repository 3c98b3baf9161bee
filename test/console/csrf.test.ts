import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs, type ConsoleBrowser } from './console-helpers.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('CSRF protection of console sessions on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  let keyId: string;
  let browser: ConsoleBrowser;
  let other: ConsoleBrowser;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ tenantId, keyId } = await t.createTenant({ name: 'Acme' }));
    await createUser(t, { email: 'ops@example.com', role: 'operator' });
    browser = await loginAs(t, 'ops@example.com');
    other = await loginAs(t, 'ops@example.com');
  });
  afterAll(() => t.close());

  const state = async () => ({
    tenant: (await t.admin('GET', `/admin/v1/tenants/${tenantId}`)).json(),
    webhook: (await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook`)).json(),
    keys: (await t.admin('GET', `/admin/v1/tenants/${tenantId}/api-keys`)).json(),
    sources: (await t.admin('GET', '/admin/v1/sources')).json(),
  });

  const changes = () =>
    [
      ['PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: 'https://hooks.example/x' }],
      ['POST', `/admin/v1/tenants/${tenantId}/api-keys`, { name: 'from the console' }],
      ['DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${keyId}`, undefined],
      ['PATCH', `/admin/v1/tenants/${tenantId}`, { name: 'Renamed' }],
      ['POST', '/admin/v1/sources', { name: 'Injected', trust_level: 3 }],
    ] as const;

  it('refuses every state-changing request by cookie without X-CSRF-Token, or with another session’s, and changes nothing', async () => {
    const before = await state();
    for (const csrf of [null, '', other.csrf, `${browser.csrf}x`, 'not-a-token']) {
      for (const [method, url, body] of changes()) {
        const res = await asBrowser(t, browser, method, url, body, { csrf });
        expect(res.statusCode, `${method} ${url} with ${csrf}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, detail: expect.stringContaining('X-CSRF-Token') });
      }
    }
    expect(await state()).toEqual(before);
  });

  it('lets reads through without the token', async () => {
    expect((await asBrowser(t, browser, 'GET', `/admin/v1/tenants/${tenantId}`, undefined, { csrf: null })).statusCode).toBe(200);
  });

  it('accepts each change with the session’s own token', async () => {
    const expected = [200, 201, 204, 200, 201];
    for (const [i, [method, url, body]] of changes().entries()) {
      expect((await asBrowser(t, browser, method, url, body)).statusCode, `${method} ${url}`).toBe(expected[i]);
    }
    const after = await state();
    expect(after.tenant.name).toBe('Renamed');
    expect(after.webhook.url).toBe('https://hooks.example/x');
    const keys = after.keys.api_keys.map((k: { name: string; revoked_at: string | null }) => ({
      name: k.name,
      revoked: k.revoked_at !== null,
    }));
    expect(keys).toEqual(
      expect.arrayContaining([
        { name: 'default', revoked: true },
        { name: 'from the console', revoked: false },
      ]),
    );
    expect(after.sources.sources.map((s: { name: string }) => s.name)).toContain('Injected');
  });

  it('a token stays bound to its session: the other session’s token works only with the other cookie', async () => {
    expect((await asBrowser(t, other, 'PATCH', `/admin/v1/tenants/${tenantId}`, { name: 'Other' })).statusCode).toBe(200);
    expect(
      (await asBrowser(t, { token: browser.token, csrf: other.csrf }, 'PATCH', `/admin/v1/tenants/${tenantId}`, { name: 'X' })).statusCode,
    ).toBe(403);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}`)).json().name).toBe('Other');
  });
});
