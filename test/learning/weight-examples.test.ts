import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

/**
 * What the weights are fitted to: the items a reader looked at. A reader goes down
 * a list and leaves after their last click, so the items below it were shown, not
 * rejected (the cascade assumption; bench/RESULTS.md, issue 16, "items below the
 * last click"). 40 readers read a first page of 10 and click its 7th item; 10 read
 * one and click nothing.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('the examples weights are fitted to, on %s', (_name, backend) => {
  let f: FeedFixture;

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 16, algorithm: { learned_weights: true } });
    for (let u = 0; u < 50; u++) {
      const userId = `reader-${u}`;
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      const page = (await f.feed({ user_id: userId, limit: 10 })).body.items as { tracking_token: string }[];
      expect(page).toHaveLength(10);
      const event = (type: string, item: (typeof page)[number]) => ({
        type,
        session_id: `s-${userId}`,
        user_id: userId,
        tracking_token: item.tracking_token,
        occurred_at: new Date(f.t.clock.now()).toISOString(),
      });
      const clicks = u < 40 ? [page[6]!] : [];
      const res = await f.t.api(f.key, 'POST', '/v1/events', {
        events: [...page.map((item) => event('impression', item)), ...clicks.map((item) => event('click', item))],
      });
      expect(res.statusCode).toBe(202);
    }
    await f.t.processEvents();
    f.t.clock.advance(1000);
  });
  afterAll(() => f.t.close());

  it('are the items at or above the last click of each list, and every item of a list without a click', async () => {
    const trained = await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`);
    expect(trained.statusCode).toBe(200);
    const res = await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/scenarios/home/preview?user_id=reader-0&limit=10`);
    expect(res.json().meta.weights.fitted).toMatchObject({ impressions: 40 * 7 + 10 * 10, clicks: 40 });
  });
});
