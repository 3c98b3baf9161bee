import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { seededShuffle } from '../../src/ranking/seeded.js';
import { testBackends } from '../helpers/backends.js';
import { token } from '../helpers/events.js';
import { CATEGORY_SOURCES, FIXTURE_ALGORITHM, ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A taste group that content cannot explain: its items are two of every
 * source and category, chosen at random. Its readers click only them. A
 * newcomer who clicks three should find the rest of the group's items in
 * their next page, which content similarity alone does not do.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('collaborative filtering through the API on %s', (_name, backend) => {
  let f: FeedFixture;
  const random = seededRandom(7);
  let group: string[];
  let outside: string[];
  const newcomerClicks = () => group.slice(0, 3);
  const rest = () => group.slice(3);

  const clickAll = async (userId: string, contentIds: string[]) => {
    await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
    const at = new Date(f.t.clock.now()).toISOString();
    const events = contentIds.map((id) => ({
      type: 'click',
      session_id: `s-${userId}`,
      user_id: userId,
      tracking_token: token(f.t, f.tenantId, id, { userId }),
      occurred_at: at,
    }));
    expect((await f.t.api(f.key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
  };
  const groupShare = async (scenario: string, app: TestApp = f.t) => {
    const res = await app.api(f.key, 'GET', `/v1/feed?scenario=${scenario}&user_id=newcomer&limit=10`);
    expect(res.statusCode).toBe(200);
    return ids(res.json()).filter((id) => rest().includes(id)).length;
  };

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 16 });
    // The same algorithm without the collaborative part: content similarity alone.
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/content`, { ...FIXTURE_ALGORITHM, weights: { collaborative: 0 } });
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/content`, { type: 'feed', algorithm_id: 'content' });
    group = seededShuffle(
      CATEGORY_SOURCES.flatMap(({ category }) => seededShuffle(f.items[category]!, random).slice(0, 2)),
      random,
    );
    outside = Object.values(f.items)
      .flat()
      .filter((id) => !group.includes(id));
    for (let u = 0; u < 24; u++) await clickAll(`reader-${u}`, seededShuffle(group, random).slice(0, 6));
    for (let u = 0; u < 12; u++) await clickAll(`other-${u}`, seededShuffle(outside, random).slice(0, 6));
    await f.t.processEvents();
    f.t.clock.advance(1000);
  });
  afterAll(() => f.t.close());

  it('reports no model before the first training', async () => {
    const res = await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/model`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenant_id: f.tenantId, version: 0, trained_at: null, users: 0, items: 0, training: false });
  });

  it("before any training, a newcomer who clicks three of the group's items does not get the rest ranked up", async () => {
    await clickAll('newcomer', newcomerClicks());
    await f.t.processEvents();
    f.t.clock.advance(1000);
    // Chance is 9 of the 93 unread items (1 in a page of 10).
    expect(await groupShare('home')).toBeLessThanOrEqual(3);
  });

  it('trains on demand and reports what it learned from', async () => {
    const res = await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`);
    expect(res.statusCode).toBe(200);
    // 37 readers, 36 with 6 distinct clicked items and the newcomer with 3.
    expect(res.json()).toMatchObject({ tenant_id: f.tenantId, version: 1, users: 37, interactions: 219, truncated: false });
    const status = (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/model`)).json();
    expect(status).toMatchObject({
      version: 1,
      trained_at: new Date(f.t.clock.now()).toISOString(),
      factors: 32,
      users: 37,
      interactions: 219,
      training: false,
    });
    expect(status.items).toBe(res.json().items);
  });

  it("after it, the newcomer's next page holds the group's other items, which content alone does not rank there", async () => {
    // The list held from before the training is served once more while it is re-ranked in the background.
    expect(await groupShare('home')).toBeLessThanOrEqual(3);
    await f.t.deps.rankings.settle();
    expect(await groupShare('home')).toBeGreaterThanOrEqual(6);
    expect(await groupShare('content')).toBeLessThanOrEqual(3);
  });

  it('shows the collaborative part in the console preview: positive for group items, 0 for items the model has not learned', async () => {
    const fresh = await f.ingest('science', { title: '新しい研究の成果を発表', body: '研究チームは新しい観測の結果を発表した。' });
    f.t.clock.advance(1000);
    const res = await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/scenarios/home/preview?user_id=newcomer&limit=50`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; signals: Record<string, number> }[];
    const groupParts = items.filter((i) => rest().includes(i.id)).map((i) => i.signals.collaborative!);
    expect(groupParts.length).toBeGreaterThanOrEqual(6);
    for (const part of groupParts) expect(part).toBeGreaterThan(0);
    // A new item nobody has read falls back to content: it is ranked, with no collaborative part.
    // Among the science items only, so the new one is in the preview whatever its rank.
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/science`, { ...FIXTURE_ALGORITHM, include_categories: ['science'] });
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/science`, { type: 'feed', algorithm_id: 'science' });
    const science = (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/scenarios/science/preview?user_id=newcomer&limit=50`)).json()
      .items as typeof items;
    const newItem = science.find((i) => i.id === fresh);
    expect(newItem?.signals.relevance).toBeGreaterThan(0);
    expect(newItem?.signals.collaborative).toBe(0);
  });

  it('answers 409 while another training of the tenant runs, and 404 for an unknown tenant', async () => {
    // Another worker of the fleet holds the tenant's training lease (two concurrent requests
    // raced: under load the first training could end before the second asked).
    const lease = (until: number) =>
      f.t.deps.db.updateTable('collaborative_models').set({ lease_until: until }).where('tenant_id', '=', f.tenantId).execute();
    await lease(f.t.clock.now() + 60_000);
    const busy = await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(busy.json().detail).toMatch(/training of this tenant is running/);
    await lease(0);
    expect((await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`)).statusCode).toBe(200);
    expect((await f.t.admin('GET', '/admin/v1/tenants/ten_nope/model')).statusCode).toBe(404);
    expect((await f.t.admin('POST', '/admin/v1/tenants/ten_nope/model/train')).statusCode).toBe(404);
  });

  it('a fresh node (a restart, or another node of the fleet) serves with the stored model', async () => {
    const node = await startTestApp({ database: { url: f.t.databaseUrl, drop: async () => {} }, clock: f.t.clock });
    try {
      const status = (await node.admin('GET', `/admin/v1/tenants/${f.tenantId}/model`)).json();
      expect(status).toMatchObject({ version: 2, users: 37, interactions: 219 });
      expect(await groupShare('home', node)).toBeGreaterThanOrEqual(6);
    } finally {
      await node.close();
    }
  });
});
