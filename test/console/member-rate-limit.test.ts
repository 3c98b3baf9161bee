import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs, type ConsoleBrowser } from './console-helpers.js';

const RATE = 3;

describe.each(testBackends().map((b) => [b.name, b] as const))('rate limits of console sessions on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  let apiKey: string;
  let member: ConsoleBrowser;
  let operator: ConsoleBrowser;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ tenantId, apiKey } = await t.createTenant({ name: 'Small', plan: 'custom', rate_limit_rps: RATE }));
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/default`, {});
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/news`, { type: 'feed', algorithm_id: 'default' });
    await createUser(t, { email: 'member@example.com', role: 'member', tenant_id: tenantId });
    await createUser(t, { email: 'ops@example.com', role: 'operator' });
    member = await loginAs(t, 'member@example.com');
    operator = await loginAs(t, 'ops@example.com');
  });
  afterAll(() => t.close());

  const memberGet = (path = '') => asBrowser(t, member, 'GET', `/admin/v1/tenants/${tenantId}${path}`);
  const v1 = () => t.api(apiKey, 'GET', '/v1/usage');

  it('holds a member session to its tenant plan’s rate: 429 problem with Retry-After, then admitted again a second later', async () => {
    t.clock.advance(1000);
    for (const path of ['', '/scenarios/news/preview?limit=5', '/api-keys']) {
      const res = await memberGet(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(RATE));
    }
    for (const path of ['', '/scenarios/news/preview?limit=5']) {
      const limited = await memberGet(path);
      expect(limited.statusCode, path).toBe(429);
      expect(limited.headers['content-type']).toContain('application/problem+json');
      expect(limited.headers['retry-after']).toBe('1');
      expect(limited.json()).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
        detail: expect.stringContaining(`${RATE} console requests per second`),
      });
    }
    // Changes count too (and are refused alike, with the CSRF token).
    expect((await asBrowser(t, member, 'POST', `/admin/v1/tenants/${tenantId}/api-keys`, { name: 'burst' })).statusCode).toBe(429);
    expect(
      (await t.admin('GET', `/admin/v1/tenants/${tenantId}/api-keys`)).json().api_keys.map((k: { name: string }) => k.name),
    ).not.toContain('burst');

    t.clock.advance(1000);
    expect((await memberGet()).statusCode).toBe(200);
  });

  it('has a budget apart from the tenant’s /v1 budget: neither eats the other', async () => {
    t.clock.advance(1000);
    for (let i = 0; i < RATE; i++) expect((await memberGet()).statusCode).toBe(200);
    expect((await memberGet()).statusCode).toBe(429);
    for (let i = 0; i < RATE; i++) expect((await v1()).statusCode).toBe(200);
    expect((await v1()).statusCode).toBe(429);

    t.clock.advance(1000);
    for (let i = 0; i < RATE; i++) expect((await v1()).statusCode).toBe(200);
    expect((await memberGet()).statusCode).toBe(200);
  });

  it('never limits operators, by session or by token, on the same tenant at the same moment', async () => {
    t.clock.advance(1000);
    for (let i = 0; i < RATE; i++) await memberGet();
    expect((await memberGet()).statusCode).toBe(429);
    for (let i = 0; i < 4 * RATE; i++) {
      expect((await asBrowser(t, operator, 'GET', `/admin/v1/tenants/${tenantId}`)).statusCode).toBe(200);
      expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/scenarios/news/preview?limit=5`)).statusCode).toBe(200);
    }
  });
});
