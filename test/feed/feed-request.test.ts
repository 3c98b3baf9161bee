import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { testBackends } from '../helpers/backends.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('GET /v1/feed: request, response and credits on %s', (_name, backend) => {
  let f: FeedFixture;
  beforeAll(async () => {
    f = await startFeedFixture({ backend });
  });
  afterAll(() => f.t.close());

  it('answers items with every documented field, a score and a tracking token, and meta', async () => {
    const res = await f.feed({ limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'areas',
          'category',
          'id',
          'language',
          'published_at',
          'score',
          'source',
          'summary',
          'thumbnail',
          'title',
          'tracking_token',
          'url',
        ].sort(),
      );
      expect(typeof item.score).toBe('number');
      expect(item.tracking_token.length).toBeGreaterThan(20);
    }
    expect(res.body.meta).toEqual({
      next_cursor: expect.any(String),
      consumed_credits: 1,
      request_id: res.headers['x-request-id'],
      areas: [],
      ignored_areas: [],
    });
    const scores = res.body.items.map((i: { score: number }) => i.score);
    expect(new Set(res.body.items.map((i: { id: string }) => i.id)).size).toBe(5);
    expect(scores.every((s: number) => Number.isFinite(s))).toBe(true);
  });

  it('costs 1 credit: X-Credits-Used and the usage ledger agree; a 400 costs nothing', async () => {
    const used = async () => {
      await f.t.deps.meter.flush();
      const usage = (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).json();
      return usage.current_cycle.used_credits as number;
    };
    const before = await used();
    const res = await f.feed({});
    expect(res.headers['x-credits-used']).toBe('1');
    expect(res.body.meta.consumed_credits).toBe(1);
    expect(res.body.items).toHaveLength(20); // default limit
    expect(await used()).toBe(before + 1);
    expect((await f.feed({ limit: 0 })).status).toBe(400);
    expect(await used()).toBe(before + 1);
  });

  it.each([
    ['limit=0', { limit: 0 }, 'limit'],
    ['limit=101', { limit: 101 }, 'limit'],
    ['area_names with area_ids', { area_names: '渋谷', area_ids: 'pref:13' }, 'area_ids'],
    ['an unknown scenario', { scenario: 'nope' }, 'scenario'],
    ['a push scenario', { scenario: 'daily' }, 'scenario'],
    ['no scenario', { scenario: undefined }, 'scenario'],
  ])('%s → 400 problem naming the parameter, and no credit', async (_name, query, field) => {
    const params = new URLSearchParams(
      Object.entries({ scenario: 'home', ...query })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const res = await f.t.api(f.key, 'GET', `/v1/feed?${params.toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['x-credits-used']).toBe('0');
    expect(res.json().errors.map((e: { name: string }) => e.name)).toContain(field);
  });

  it('tracking tokens of the feed are accepted by POST /v1/events; one altered character is rejected', async () => {
    const [item] = (await f.feed({ user_id: 'token-user', limit: 1 })).body.items;
    const ok = await f.t.api(f.key, 'POST', '/v1/events', {
      events: [
        {
          type: 'impression',
          session_id: 's',
          user_id: 'token-user',
          tracking_token: item.tracking_token,
          occurred_at: new Date(f.t.clock.now()).toISOString(),
        },
      ],
    });
    expect(ok.statusCode).toBe(202);
    const token: string = item.tracking_token;
    const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    const bad = await f.t.api(f.key, 'POST', '/v1/events', {
      events: [
        {
          type: 'click',
          session_id: 's',
          user_id: 'token-user',
          tracking_token: altered,
          occurred_at: new Date(f.t.clock.now()).toISOString(),
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('402 at the usage cap; the feed is refused before any work', async () => {
    const { apiKey, tenantId } = await f.t.createTenant({ plan: 'starter', usage_cap_credits: 1 });
    await f.t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/a`, {});
    await f.t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'a' });
    expect((await f.feed({}, apiKey)).status).toBe(200);
    const refused = await f.feed({}, apiKey);
    expect(refused.status).toBe(402);
    expect(refused.body.title).toBe('Usage Limit Exceeded');
  });
});

describeTenantRouteSecurity('GET /v1/feed', {
  method: 'GET',
  metered: true,
  async setup(t, owner) {
    await t.admin('PUT', `/admin/v1/tenants/${owner.tenantId}/algorithms/a`, {});
    await t.admin('PUT', `/admin/v1/tenants/${owner.tenantId}/scenarios/home-a`, { type: 'feed', algorithm_id: 'a' });
    return {};
  },
  request: () => ({ url: '/v1/feed?scenario=home-a' }),
  // Scenarios are per tenant: another tenant's key does not reach this one's.
  crossTenant: (res) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/no scenario home-a/);
  },
});
