import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('operator admin API on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const fieldNames = (res: { json(): any }) => (res.json().errors ?? []).map((e: { name: string }) => e.name);

  describe('tenants', () => {
    it('creates a tenant with its plan, cap and anchor day', async () => {
      const res = await t.admin('POST', '/admin/v1/tenants', {
        name: 'Acme',
        plan: 'professional',
        usage_cap_credits: 12.5,
        billing_anchor_day: 10,
      });
      expect(res.statusCode).toBe(201);
      const tenant = res.json();
      expect(tenant).toMatchObject({
        name: 'Acme',
        plan: 'professional',
        rate_limit_rps: 100,
        usage_cap_credits: 12.5,
        billing_anchor_day: 10,
        webhook_url: null,
      });
      expect(tenant.id).toMatch(/^ten_/);
      expect(res.headers.location).toBe(`/admin/v1/tenants/${tenant.id}`);
      expect((await t.admin('GET', `/admin/v1/tenants/${tenant.id}`)).json()).toMatchObject({
        id: tenant.id,
        current_cycle: { used_credits: 0 },
      });
    });

    it('requires a rate for the custom plan and refuses one for fixed plans', async () => {
      const custom = await t.admin('POST', '/admin/v1/tenants', { name: 'C', plan: 'custom' });
      expect(custom.statusCode).toBe(400);
      expect(fieldNames(custom)).toEqual(['rate_limit_rps']);
      const fixed = await t.admin('POST', '/admin/v1/tenants', { name: 'F', plan: 'starter', rate_limit_rps: 70 });
      expect(fixed.statusCode).toBe(400);
      const ok = await t.admin('POST', '/admin/v1/tenants', { name: 'C', plan: 'custom', rate_limit_rps: 250 });
      expect(ok.json().rate_limit_rps).toBe(250);
    });

    it('validates every field and names each bad one', async () => {
      const res = await t.admin('POST', '/admin/v1/tenants', { name: '', plan: 'gold', billing_anchor_day: 29, usage_cap_credits: '5' });
      expect(res.statusCode).toBe(400);
      expect(fieldNames(res)).toEqual(expect.arrayContaining(['name', 'plan', 'billing_anchor_day', 'usage_cap_credits']));
      const decimals = await t.admin('POST', '/admin/v1/tenants', { name: 'D', plan: 'starter', usage_cap_credits: 1.0005 });
      expect(decimals.statusCode).toBe(400);
    });

    it('changes plan and cap; null removes the cap; 0 is a real cap', async () => {
      const { tenantId } = await t.createTenant({ usage_cap_credits: 3 });
      expect((await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { plan: 'enterprise', usage_cap_credits: 0 })).json()).toMatchObject({
        rate_limit_rps: 500,
        usage_cap_credits: 0,
      });
      expect((await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { usage_cap_credits: null })).json().usage_cap_credits).toBeNull();
      expect((await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, {})).statusCode).toBe(400);
    });

    it('404 for an unknown tenant everywhere', async () => {
      for (const [method, url, body] of [
        ['GET', '/admin/v1/tenants/ten_nope'],
        ['PATCH', '/admin/v1/tenants/ten_nope', { name: 'x' }],
        ['POST', '/admin/v1/tenants/ten_nope/api-keys', {}],
        ['PUT', '/admin/v1/tenants/ten_nope/webhook', { url: 'https://hooks.example/x' }],
        ['GET', '/admin/v1/tenants/ten_nope/usage'],
        ['PUT', '/admin/v1/tenants/ten_nope/algorithms/a', {}],
      ] as const) {
        expect((await t.admin(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      }
    });
  });

  describe('API keys', () => {
    it('shows a key once, lists only hints, and revokes', async () => {
      const { tenantId } = await t.createTenant();
      const created = (await t.admin('POST', `/admin/v1/tenants/${tenantId}/api-keys`, { name: 'backend' })).json();
      expect(created.api_key).toMatch(/^cfk_[0-9A-Za-z]{49}$/);
      expect(created).toMatchObject({ name: 'backend', last4: created.api_key.slice(-4), revoked_at: null });
      const listed = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/api-keys`)).json().api_keys;
      expect(listed).toHaveLength(2);
      expect(JSON.stringify(listed)).not.toContain(created.api_key);
      expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${created.key_id}`)).statusCode).toBe(204);
      expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${created.key_id}`)).statusCode).toBe(204);
      expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/key_unknown`)).statusCode).toBe(404);
      const after = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/api-keys`)).json().api_keys;
      expect(after.find((k: any) => k.key_id === created.key_id).revoked_at).not.toBeNull();
    });

    it("cannot revoke another tenant's key", async () => {
      const a = await t.createTenant();
      const b = await t.createTenant();
      expect((await t.admin('DELETE', `/admin/v1/tenants/${b.tenantId}/api-keys/${a.keyId}`)).statusCode).toBe(404);
      expect((await t.api(a.apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
    });
  });

  describe('webhook', () => {
    it('issues a whsec_ secret once and stores it sealed', async () => {
      const { tenantId } = await t.createTenant();
      const res = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: 'https://hooks.example/cf' });
      expect(res.statusCode).toBe(200);
      const { secret } = res.json();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook`)).json()).toEqual({ url: 'https://hooks.example/cf' });
      const row = await t.deps.db.selectFrom('tenants').select('webhook_secret').where('id', '=', tenantId).executeTakeFirstOrThrow();
      expect(row.webhook_secret).not.toContain(secret.slice(6));
      expect(t.deps.webhookSecrets.open(row.webhook_secret!)).toBe(secret);
      const rotated = (await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: 'https://hooks.example/cf' })).json();
      expect(rotated.secret).not.toBe(secret);
      expect((await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: 'ftp://x' })).statusCode).toBe(400);
      expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/webhook`)).statusCode).toBe(204);
      expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook`)).json()).toEqual({ url: null });
    });
  });

  describe('algorithms and scenarios', () => {
    it('fills defaults, validates, and links scenarios only to existing algorithms', async () => {
      const { tenantId } = await t.createTenant();
      const base = `/admin/v1/tenants/${tenantId}`;
      const algo = await t.admin('PUT', `${base}/algorithms/fresh`, { weights: { freshness: 2 }, diversity: { max_per_source: 2 } });
      expect(algo.statusCode).toBe(200);
      expect(algo.json().config).toMatchObject({
        min_trust_level: 1,
        weights: { relevance: 1, freshness: 2, popularity: 0.3 },
        diversity: { lambda: 0.7, max_per_source: 2, max_per_category: 4 },
        languages: ['ja'],
      });
      const bad = await t.admin('PUT', `${base}/algorithms/bad`, { weights: { relevance: -1, speed: 1 }, min_trust_level: 4 });
      expect(bad.statusCode).toBe(400);
      expect(fieldNames(bad)).toEqual(expect.arrayContaining(['weights.relevance', 'weights.speed', 'min_trust_level']));
      const overlap = await t.admin('PUT', `${base}/algorithms/bad`, { include_categories: ['sports'], exclude_categories: ['sports'] });
      expect(fieldNames(overlap)).toEqual(['exclude_categories']);

      const unknown = await t.admin('PUT', `${base}/scenarios/home`, { type: 'feed', algorithm_id: 'missing' });
      expect(unknown.statusCode).toBe(400);
      expect(fieldNames(unknown)).toEqual(['algorithm_id']);
      const scenario = await t.admin('PUT', `${base}/scenarios/home`, { type: 'feed', algorithm_id: 'fresh' });
      expect(scenario.json()).toMatchObject({ scenario: 'home', type: 'feed', algorithm_id: 'fresh' });
      expect((await t.admin('PUT', `${base}/scenarios/push-am`, { type: 'push', algorithm_id: 'fresh' })).statusCode).toBe(200);
      expect((await t.admin('PUT', `${base}/scenarios/x`, { type: 'email', algorithm_id: 'fresh' })).statusCode).toBe(400);
      expect((await t.admin('GET', `${base}/scenarios`)).json().scenarios.map((s: any) => s.scenario)).toEqual(['home', 'push-am']);
      expect((await t.admin('DELETE', `${base}/algorithms/fresh`)).statusCode).toBe(409);
      expect((await t.admin('DELETE', `${base}/scenarios/home`)).statusCode).toBe(204);
      expect((await t.admin('GET', `${base}/scenarios/home`)).statusCode).toBe(404);
    });

    it("keeps each tenant's scenarios apart", async () => {
      const a = await t.createTenant();
      const b = await t.createTenant();
      await t.admin('PUT', `/admin/v1/tenants/${a.tenantId}/algorithms/x`, {});
      await t.admin('PUT', `/admin/v1/tenants/${a.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'x' });
      expect((await t.admin('GET', `/admin/v1/tenants/${b.tenantId}/scenarios/home`)).statusCode).toBe(404);
      expect((await t.admin('PUT', `/admin/v1/tenants/${b.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'x' })).statusCode).toBe(
        400,
      );
    });
  });

  describe('sources and contents', () => {
    it('registers a source, changes its trust level, and deletes it with its contents', async () => {
      const { apiKey } = await t.createTenant();
      const created = await t.admin('POST', '/admin/v1/sources', {
        name: 'Kyoto Times',
        feed_url: 'https://kyoto.example/rss',
        trust_level: 0,
        language: 'ja',
        category: 'local',
      });
      expect(created.statusCode).toBe(201);
      const source = created.json();
      expect(source).toMatchObject({ name: 'Kyoto Times', trust_level: 0, active: true });
      expect((await t.admin('PATCH', `/admin/v1/sources/${source.id}`, { trust_level: 2 })).json().trust_level).toBe(2);
      expect((await t.admin('POST', '/admin/v1/sources', { name: 'x', trust_level: 1, feed_url: 'javascript:alert(1)' })).statusCode).toBe(
        400,
      );
      const contentId = await t.ingest({ source_id: source.id, url: 'https://kyoto.example/a/1' });
      expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
      expect((await t.admin('DELETE', `/admin/v1/sources/${source.id}`)).statusCode).toBe(204);
      expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(404);
      expect((await t.admin('GET', `/admin/v1/sources/${source.id}`)).statusCode).toBe(404);
    });

    it('ingests an article, serves it with the documented fields, and updates it in place by canonical URL', async () => {
      const { apiKey } = await t.createTenant();
      const sourceId = await t.createSource({ name: 'Tokyo Wire', category: 'economy' });
      const first = await t.admin('POST', '/admin/v1/contents', {
        source_id: sourceId,
        url: 'https://tokyo.example/news/1?utm_source=x',
        title: '渋谷で新しい施設',
        body: '渋谷駅の近くに新しい施設が開業した。多くの人が訪れた。',
        published_at: '2026-01-15T09:00:00+09:00',
        thumbnail_url: 'https://img.tokyo.example/1.jpg',
        thumbnail_width: 800,
        thumbnail_height: 450,
        areas: ['渋谷駅'],
      });
      expect(first.statusCode).toBe(201);
      const id = first.json().id;
      const item = (await t.api(apiKey, 'GET', `/v1/contents/${id}`)).json();
      expect(item).toEqual({
        id,
        title: '渋谷で新しい施設',
        url: 'https://tokyo.example/news/1?utm_source=x',
        summary: '渋谷駅の近くに新しい施設が開業した。多くの人が訪れた。',
        // The proxied thumbnail: 400 px wide, signed (docs/thumbnails.md).
        thumbnail: {
          url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:8080/thumbnails/${id}\\?w=400&v=[\\w-]{8}&sig=[\\w-]{22}$`)),
          width: 400,
          height: 225,
        },
        source: { id: sourceId, name: 'Tokyo Wire' },
        category: 'business', // the source's "economy", normalised (docs/analysis.md)
        language: 'ja',
        published_at: '2026-01-15T00:00:00.000Z',
        areas: ['渋谷駅'],
      });
      expect(item).not.toHaveProperty('tracking_token');
      expect(item).not.toHaveProperty('score');

      const again = await t.admin('POST', '/admin/v1/contents', {
        source_id: sourceId,
        url: 'https://tokyo.example/news/1#top',
        title: '渋谷で新しい施設（更新）',
        published_at: '2026-01-15T09:00:00+09:00',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(id);
      expect((await t.api(apiKey, 'GET', `/v1/contents/${id}`)).json().title).toBe('渋谷で新しい施設（更新）');
    });

    it('refuses a thumbnail without its size, an unknown source, and a bad date', async () => {
      const sourceId = await t.createSource();
      const base = { source_id: sourceId, url: 'https://x.example/1', title: 't', published_at: '2026-01-01T00:00:00Z' };
      expect(fieldNames(await t.admin('POST', '/admin/v1/contents', { ...base, thumbnail_url: 'https://x.example/i.jpg' }))).toEqual([
        'thumbnail_url',
      ]);
      expect(fieldNames(await t.admin('POST', '/admin/v1/contents', { ...base, source_id: 'src_nope' }))).toEqual(['source_id']);
      expect(fieldNames(await t.admin('POST', '/admin/v1/contents', { ...base, published_at: 'yesterday' }))).toEqual(['published_at']);
    });
  });
});
