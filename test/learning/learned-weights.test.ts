import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { CATEGORY_SOURCES, FIXTURE_ALGORITHM, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

/**
 * Users who click only the sources they follow, wherever those items sit on
 * the page: the follow part predicts clicks, so the weights fitted to this
 * log give it a share of the weights (0 configured). The examples are the items
 * each reader looked at: down to their last click, or the whole page without one.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('weights fitted to impressions and clicks on %s', (_name, backend) => {
  let f: FeedFixture;
  let examples = 0;
  const preview = async () => {
    const res = await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/scenarios/home/preview?user_id=reader-0&limit=10`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const share = (weights: Record<string, number>, part: string) => weights[part]! / Object.values(weights).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    // Follow weight 0: the followed items are not put at the top, so the items above a reader's
    // last click (the examples, weight-samples.ts) include others they passed over.
    f = await startFeedFixture({ backend, perSource: 16, algorithm: { learned_weights: true, weights: { follow: 0 } } });
    // Readers arrive until the examples suffice for a fit (fit-weights.ts's MIN_IMPRESSIONS, with room).
    for (let u = 0; examples < 400; u++) {
      const userId = `reader-${u}`;
      const followed = CATEGORY_SOURCES[u % CATEGORY_SOURCES.length]!.category;
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}/sources/${f.sources[followed]}/follow`);
      const page = (await f.feed({ user_id: userId, limit: 10 })).body.items as {
        id: string;
        source: { id: string };
        tracking_token: string;
      }[];
      const at = new Date(f.t.clock.now()).toISOString();
      const event = (type: string, item: (typeof page)[number]) => ({
        type,
        session_id: `s-${userId}`,
        user_id: userId,
        tracking_token: item.tracking_token,
        occurred_at: at,
      });
      const clicks = page.filter((item) => item.source.id === f.sources[followed]);
      examples += clicks.length === 0 ? page.length : page.indexOf(clicks.at(-1)!) + 1;
      const res = await f.t.api(f.key, 'POST', '/v1/events', {
        events: [...page.map((item) => event('impression', item)), ...clicks.map((item) => event('click', item))],
      });
      expect(res.statusCode).toBe(202);
    }
    await f.t.processEvents();
    f.t.clock.advance(1000);
  });
  afterAll(() => f.t.close());

  it('uses the configured weights until a training has fitted some', async () => {
    const { meta } = await preview();
    expect(meta.weights).toMatchObject({ source: 'configured', fitted: null });
    expect(meta.weights.in_use).toEqual(meta.weights.configured);
  });

  it('fits each scenario to its clicks, corrected for position: the part that predicts clicks gains weight', async () => {
    const trained = await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`);
    expect(trained.json()).toMatchObject({ fitted_scenarios: ['home'], fitted_weights: [{ scenario: 'home', algorithm_id: 'main' }] });
    const { meta, items } = await preview();
    expect(meta.weights.source).toBe('fitted');
    expect(meta.weights.fitted).toMatchObject({ impressions: examples, fitted_at: new Date(f.t.clock.now()).toISOString() });
    expect(meta.weights.in_use).toEqual(meta.weights.fitted.weights);
    expect(share(meta.weights.in_use, 'follow')).toBeGreaterThan(share(meta.weights.configured, 'follow') + 0.1);
    // The feed ranks with them too: its scores are the preview's.
    const feed = (await f.feed({ user_id: 'reader-0', limit: 10 })).body.items as { id: string; score: number }[];
    expect(feed.map((i) => [i.id, i.score])).toEqual(items.map((i: { id: string; score: number }) => [i.id, i.score]));
  });

  it('learned_weights: false goes back to the configured weights (the fitted ones are still shown)', async () => {
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/main`, { ...FIXTURE_ALGORITHM, learned_weights: false });
    const { meta } = await preview();
    expect(meta.weights.source).toBe('configured');
    expect(meta.weights.in_use).toEqual(meta.weights.configured);
    expect(meta.weights.fitted).not.toBeNull();
  });
});
