import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('credits and the usage cap on %s', (_name, backend) => {
  let t: TestApp;
  let contentId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    contentId = await t.ingest({ source_id: await t.createSource(), url: 'https://news.example/credits' });
  });
  afterAll(() => t.close());

  const usage = async (tenantId: string) => (await t.admin('GET', `/admin/v1/tenants/${tenantId}/usage`)).json();

  it('with a cap of 1 credit: ten content reads pass, the eleventh is 402, the ledger holds exactly 1, free routes work', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise', usage_cap_credits: 1 });
    for (let i = 0; i < 10; i++) {
      const res = await t.api(apiKey, 'GET', `/v1/contents/${contentId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-credits-used']).toBe('0.1');
    }
    const refused = await t.api(apiKey, 'GET', `/v1/contents/${contentId}`);
    expect(refused.statusCode).toBe(402);
    expect(refused.headers['x-credits-used']).toBe('0');
    expect(refused.json()).toMatchObject({ type: 'about:blank', title: 'Usage Limit Exceeded', status: 402 });

    const ledger = await usage(tenantId);
    expect(ledger.total_credits).toBe(1);
    expect(ledger.days).toEqual([expect.objectContaining({ endpoint: 'contents', requests: 11, credits: 1 })]);

    const free = await t.api(apiKey, 'GET', '/v1/usage');
    expect(free.statusCode).toBe(200);
    expect(free.headers['x-credits-used']).toBe('0');
    expect(free.json()).toMatchObject({ used_credits: 1, usage_cap_credits: 1, remaining_credits: 0 });
  });

  it('never lets concurrent requests pass the cap together', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise', usage_cap_credits: 0.5 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.api(apiKey, 'GET', `/v1/contents/${contentId}`)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(15);
    expect((await usage(tenantId)).total_credits).toBe(0.5);
  });

  it('charges only successful responses: a 404 costs nothing', async () => {
    const { apiKey, tenantId } = await t.createTenant({ usage_cap_credits: 0.1 });
    const missing = await t.api(apiKey, 'GET', '/v1/contents/cnt_doesnotexist');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-credits-used']).toBe('0');
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect((await usage(tenantId)).total_credits).toBe(0.1);
  });

  it('without a cap usage is pay-as-you-go and never refused', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
    for (let i = 0; i < 25; i++) expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect((await usage(tenantId)).total_credits).toBe(2.5);
    const tenant = (await t.admin('GET', `/admin/v1/tenants/${tenantId}`)).json();
    expect(tenant.current_cycle.used_credits).toBe(2.5);
  });

  it('a cap set while requests run, or removed and set again, still holds', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
    const uncapped = await Promise.all(Array.from({ length: 5 }, () => t.api(apiKey, 'GET', `/v1/contents/${contentId}`)));
    expect(uncapped.every((r) => r.statusCode === 200)).toBe(true);
    await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { usage_cap_credits: 1 });
    const capped = [];
    for (let i = 0; i < 8; i++) capped.push((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode);
    expect(capped.filter((s) => s === 200)).toHaveLength(5);
    expect((await usage(tenantId)).total_credits).toBe(1);
  });

  it('reports usage that includes requests answered a moment ago', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
    for (let i = 0; i < 10; i++) {
      await t.api(apiKey, 'GET', `/v1/contents/${contentId}`);
      void t.deps.meter.flush(); // a periodic flush racing with the reads
    }
    expect((await t.api(apiKey, 'GET', '/v1/usage')).json().used_credits).toBe(1);
    expect((await usage(tenantId)).total_credits).toBe(1);
  });

  it('raising or removing the cap takes effect at once', async () => {
    const { apiKey, tenantId } = await t.createTenant({ usage_cap_credits: 0.1 });
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(402);
    await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { usage_cap_credits: null });
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
  });

  it('starts a new cycle on the anchor day', async () => {
    const { apiKey, tenantId } = await t.createTenant({ usage_cap_credits: 0.1, billing_anchor_day: 1 });
    t.clock.set(Date.UTC(2026, 2, 31, 23, 59, 0));
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(402);
    t.clock.set(Date.UTC(2026, 3, 1, 0, 0, 1));
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    const april = await usage(tenantId);
    expect(april.cycle.starts_at).toBe('2026-04-01T00:00:00.000Z');
    expect(april.total_credits).toBe(0.1);
    const march = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/usage?from=2026-03-01&to=2026-04-01`)).json();
    expect(march.total_credits).toBe(0.1);
  });
});
