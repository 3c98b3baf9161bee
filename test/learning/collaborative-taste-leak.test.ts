import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { seededShuffle } from '../../src/ranking/seeded.js';
import { testBackends } from '../helpers/backends.js';
import { token } from '../helpers/events.js';
import { FIXTURE_ALGORITHM, ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Two taste groups that share a few items everyone reads (issue 16, bench/RESULTS.md
 * "part 3"). A reader of group A who has read all of A's items must not be offered
 * group B's items by the collaborative part: they are what other readers like, not
 * what readers like them like. Implicit ALS predicts a little above 0 for every item
 * anyone engaged with (each shares a direction all readers have); the part is taken
 * less the user's average prediction over the model's items, so B's items score below
 * items the model has not learned (0, an average item), not above them.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'collaborative scores do not leak across taste groups on %s',
  (_name, backend) => {
    let f: FeedFixture;
    const random = seededRandom(11);
    let shared: string[];
    let groupA: string[];
    let groupB: string[];

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
    /** How many of group B's items the A reader's first page (10) holds, ranked by the collaborative part alone. */
    const groupBOnFirstPage = async (app: TestApp = f.t) => {
      const res = await app.api(f.key, 'GET', '/v1/feed?scenario=collab&user_id=a-fan&limit=10');
      expect(res.statusCode).toBe(200);
      return ids(res.json()).filter((id) => groupB.includes(id)).length;
    };

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 16 });
      // The collaborative part alone decides the order: no content, age, popularity, diversity or caps in the way.
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/collab`, {
        ...FIXTURE_ALGORITHM,
        weights: { relevance: 0, collaborative: 1, freshness: 0, popularity: 0, area: 0, follow: 0 },
        diversity: { lambda: 1, max_per_source: 10, max_per_category: 10 },
      });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/collab`, { type: 'feed', algorithm_id: 'collab' });
      const all = seededShuffle(Object.values(f.items).flat(), random);
      shared = all.slice(0, 4);
      groupA = all.slice(4, 16);
      groupB = all.slice(16, 28);
      for (let u = 0; u < 16; u++) await clickAll(`a-${u}`, [...shared, ...seededShuffle(groupA, random).slice(0, 6)]);
      for (let u = 0; u < 16; u++) await clickAll(`b-${u}`, [...shared, ...seededShuffle(groupB, random).slice(0, 6)]);
      // A reader of A who has read everything A's readers read: what the model knows and they have not read is B's.
      await clickAll('a-fan', [...shared, ...groupA]);
      await f.t.processEvents();
      f.t.clock.advance(1000);
      expect((await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`)).statusCode).toBe(200);
      f.t.clock.advance(1000);
    });
    afterAll(() => f.t.close());

    it("gives the other group's items a negative collaborative part, below items the model has not learned", async () => {
      const res = await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/scenarios/collab/preview?user_id=a-fan&limit=50`);
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: string; signals: { collaborative: number } }[];
      const bParts = items.filter((i) => groupB.includes(i.id)).map((i) => i.signals.collaborative);
      const unknown = items.filter((i) => !groupB.includes(i.id));
      expect(unknown.length).toBeGreaterThanOrEqual(10);
      for (const i of unknown) expect(i.signals.collaborative).toBe(0);
      for (const part of bParts) expect(part).toBeLessThan(0);
      expect(await groupBOnFirstPage()).toBe(0);
    });

    it("still ranks the group's own items up for a reader who has not read them", async () => {
      await clickAll('a-new', groupA.slice(0, 3));
      await f.t.processEvents();
      f.t.clock.advance(1000);
      const res = await f.t.api(f.key, 'GET', '/v1/feed?scenario=collab&user_id=a-new&limit=10');
      expect(res.statusCode).toBe(200);
      const page = ids(res.json());
      expect(page.filter((id) => groupA.includes(id) || shared.includes(id)).length).toBeGreaterThanOrEqual(8);
      expect(page.filter((id) => groupB.includes(id))).toEqual([]);
    });

    it('ranks the same way on a fresh node (a restart, or another node of the fleet) that loads the stored model', async () => {
      const node = await startTestApp({ database: { url: f.t.databaseUrl, drop: async () => {} }, clock: f.t.clock });
      try {
        expect(await groupBOnFirstPage(node)).toBe(0);
      } finally {
        await node.close();
      }
    });
  },
);
