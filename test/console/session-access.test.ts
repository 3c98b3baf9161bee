import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs, type ConsoleBrowser } from './console-helpers.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('what a console session may call on %s', (_name, backend) => {
  let t: TestApp;
  let own: string;
  let foreign: string;
  let member: ConsoleBrowser;
  let operator: ConsoleBrowser;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    own = (await t.createTenant({ name: 'Own', plan: 'starter', usage_cap_credits: 10 })).tenantId;
    foreign = (await t.createTenant({ name: 'Foreign', plan: 'starter' })).tenantId;
    for (const tenant of [own, foreign]) {
      await t.admin('PUT', `/admin/v1/tenants/${tenant}/algorithms/default`, {});
      await t.admin('PUT', `/admin/v1/tenants/${tenant}/scenarios/news`, { type: 'feed', algorithm_id: 'default' });
    }
    await createUser(t, { email: 'member@example.com', role: 'member', tenant_id: own });
    await createUser(t, { email: 'ops@example.com', role: 'operator' });
    member = await loginAs(t, 'member@example.com');
    operator = await loginAs(t, 'ops@example.com');
  });
  afterAll(() => t.close());

  const tenantReads = (tenant: string) => [
    `/admin/v1/tenants/${tenant}`,
    `/admin/v1/tenants/${tenant}/api-keys`,
    `/admin/v1/tenants/${tenant}/webhook`,
    `/admin/v1/tenants/${tenant}/webhook/deliveries`,
    `/admin/v1/tenants/${tenant}/algorithms`,
    `/admin/v1/tenants/${tenant}/algorithms/default`,
    `/admin/v1/tenants/${tenant}/scenarios`,
    `/admin/v1/tenants/${tenant}/scenarios/news`,
    `/admin/v1/tenants/${tenant}/usage`,
    `/admin/v1/tenants/${tenant}/metrics`,
  ];

  it('a member reads its own tenant’s routes', async () => {
    for (const url of tenantReads(own)) expect((await asBrowser(t, member, 'GET', url)).statusCode, url).toBe(200);
  });

  it('a member gets 403 on another tenant’s routes, and the other tenant is unchanged', async () => {
    for (const url of tenantReads(foreign)) {
      const res = await asBrowser(t, member, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toMatch(/own tenant/);
    }
    for (const [method, url, body] of [
      ['PATCH', `/admin/v1/tenants/${foreign}`, { usage_cap_credits: 1 }],
      ['POST', `/admin/v1/tenants/${foreign}/api-keys`, {}],
      ['PUT', `/admin/v1/tenants/${foreign}/webhook`, { url: 'https://hooks.example/steal' }],
      ['DELETE', `/admin/v1/tenants/${foreign}/scenarios/news`, undefined],
    ] as const) {
      expect((await asBrowser(t, member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.admin('GET', `/admin/v1/tenants/${foreign}`)).json()).toMatchObject({ usage_cap_credits: null, webhook_url: null });
    expect((await t.admin('GET', `/admin/v1/tenants/${foreign}/api-keys`)).json().api_keys).toHaveLength(1);
    expect((await t.admin('GET', `/admin/v1/tenants/${foreign}/scenarios/news`)).statusCode).toBe(200);
  });

  it('a member gets 403 on operator-only routes', async () => {
    for (const [method, url, body] of [
      ['GET', '/admin/v1/tenants', undefined],
      ['POST', '/admin/v1/tenants', { name: 'Mine now', plan: 'enterprise' }],
      ['GET', '/admin/v1/sources', undefined],
      ['POST', '/admin/v1/sources', { name: 'S', trust_level: 3 }],
      ['GET', '/admin/v1/areas?name=x', undefined],
      ['GET', '/admin/v1/console-users', undefined],
      ['POST', '/admin/v1/console-users', { email: 'evil@example.com', password: 'long enough password', role: 'operator' }],
    ] as const) {
      const res = await asBrowser(t, member, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toMatch(/operators/);
    }
    expect((await t.admin('GET', '/admin/v1/tenants')).json().tenants).toHaveLength(2);
    expect((await t.admin('GET', '/admin/v1/console-users')).json().console_users).toHaveLength(2);
  });

  it('a member changes its own tenant’s things: API keys, webhook, scenarios', async () => {
    const key = await asBrowser(t, member, 'POST', `/admin/v1/tenants/${own}/api-keys`, { name: 'mine' });
    expect(key.statusCode).toBe(201);
    expect((await asBrowser(t, member, 'DELETE', `/admin/v1/tenants/${own}/api-keys/${key.json().key_id}`)).statusCode).toBe(204);
    expect((await asBrowser(t, member, 'PUT', `/admin/v1/tenants/${own}/webhook`, { url: 'https://hooks.example/own' })).statusCode).toBe(
      200,
    );
    expect(
      (await asBrowser(t, member, 'PUT', `/admin/v1/tenants/${own}/scenarios/push`, { type: 'push', algorithm_id: 'default' })).statusCode,
    ).toBe(200);
    expect((await t.admin('GET', `/admin/v1/tenants/${own}/scenarios/push`)).statusCode).toBe(200);
  });

  it('a member may PATCH only its tenant’s usage cap; plan, rate, name and anchor day are 403 and unchanged', async () => {
    for (const body of [
      { plan: 'enterprise' },
      { name: 'Renamed' },
      { billing_anchor_day: 3 },
      { plan: 'enterprise', usage_cap_credits: 99 },
    ]) {
      const res = await asBrowser(t, member, 'PATCH', `/admin/v1/tenants/${own}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await t.admin('GET', `/admin/v1/tenants/${own}`)).json()).toMatchObject({
      name: 'Own',
      plan: 'starter',
      usage_cap_credits: 10,
    });
    const capped = await asBrowser(t, member, 'PATCH', `/admin/v1/tenants/${own}`, { usage_cap_credits: 25.5 });
    expect(capped.statusCode).toBe(200);
    expect((await t.admin('GET', `/admin/v1/tenants/${own}`)).json()).toMatchObject({ plan: 'starter', usage_cap_credits: 25.5 });
    expect(
      (await asBrowser(t, member, 'PATCH', `/admin/v1/tenants/${own}`, { usage_cap_credits: null })).json().usage_cap_credits,
    ).toBeNull();
  });

  it('an operator session may do everything, on any tenant', async () => {
    expect((await asBrowser(t, operator, 'GET', '/admin/v1/tenants')).json().tenants).toHaveLength(2);
    expect(
      (await asBrowser(t, operator, 'PATCH', `/admin/v1/tenants/${foreign}`, { plan: 'enterprise', name: 'Foreign Co' })).json(),
    ).toMatchObject({ plan: 'enterprise', name: 'Foreign Co' });
    expect((await asBrowser(t, operator, 'POST', '/admin/v1/sources', { name: 'Op source', trust_level: 2 })).statusCode).toBe(201);
    expect((await asBrowser(t, operator, 'GET', '/admin/v1/console-users')).statusCode).toBe(200);
    for (const url of tenantReads(foreign)) expect((await asBrowser(t, operator, 'GET', url)).statusCode, url).toBe(200);
  });

  it('the operator bearer token keeps working with no cookie, and wins over a cookie', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/v1/tenants', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).statusCode,
    ).toBe(200);
    const both = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/tenants',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, cookie: `cf_session=${member.token}` },
      payload: { name: 'By token', plan: 'starter' },
    });
    expect(both.statusCode).toBe(201);
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/tenants',
      headers: { authorization: 'Bearer wrong', cookie: `cf_session=${operator.token}` },
    });
    expect(wrongToken.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/tenants' })).statusCode).toBe(401);
  });

  it('a tenant API key is no console session', async () => {
    const { apiKey } = await t.createTenant({ name: 'Keyed' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/console/api/session', headers: { authorization: `Bearer ${apiKey}` } })).statusCode,
    ).toBe(401);
  });
});
