import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemorySnapshotStore } from '../../src/feed/snapshot-store.js';
import { testBackends } from '../helpers/backends.js';
import { FIXTURE_ALGORITHM, ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

const FOLLOW_WEIGHT = 5;

interface PreviewItem {
  id: string;
  source: { id: string; name: string };
  score: number;
  signals: Record<'relevance' | 'freshness' | 'popularity' | 'area' | 'follow', number>;
  exploration: boolean;
}

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'GET /admin/v1/tenants/{id}/scenarios/{scenario}/preview on %s',
  (_name, backend) => {
    let f: FeedFixture;
    const preview = async (query: Record<string, string | number | undefined>, scenario = 'home', tenantId = f.tenantId) => {
      const params = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)] as [string, string]),
      );
      const res = await f.t.admin('GET', `/admin/v1/tenants/${tenantId}/scenarios/${scenario}/preview?${params.toString()}`);
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    };
    const items = async (query: Record<string, string | number | undefined>, scenario = 'home') => {
      const res = await preview(query, scenario);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items as PreviewItem[];
    };
    const usedCredits = async () => {
      await f.t.deps.meter.flush();
      return (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).json().current_cycle.used_credits as number;
    };

    beforeAll(async () => {
      // 96 items: more than a snapshot ranks (60), so exploration has new items left to place.
      f = await startFeedFixture({ backend, perSource: 16, algorithm: { weights: { follow: FOLLOW_WEIGHT } } });
      // A scenario whose algorithm gives 30 % of the slots to new items (every fixture item is new).
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/explore`, { ...FIXTURE_ALGORITHM, exploration: 0.3 });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/discover`, { type: 'feed', algorithm_id: 'explore' });
    });
    afterAll(() => f.t.close());

    it('following a source with a high follow weight moves its items up, and their signals.follow says why', async () => {
      await f.t.api(f.key, 'PUT', '/v1/users/fan', { properties: {} });
      const science = f.sources.science!;
      const firstScience = (list: PreviewItem[]) => list.findIndex((i) => i.source.id === science);
      const before = await items({ user_id: 'fan', limit: 20 });
      expect(before.every((i) => i.signals.follow === 0)).toBe(true);

      expect((await f.t.api(f.key, 'PUT', `/v1/users/fan/sources/${science}/follow`)).statusCode).toBe(204);
      const after = await items({ user_id: 'fan', limit: 20 });
      expect(firstScience(after)).toBe(0);
      expect(firstScience(after)).toBeLessThan(firstScience(before));
      for (const item of after) {
        expect(item.signals.follow).toBe(item.source.id === science ? FOLLOW_WEIGHT : 0);
        const sum = Object.values(item.signals).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - item.score)).toBeLessThan(1e-5);
      }
    });

    it('orders exactly as the first page of /v1/feed for the same user and context, exploration slots included', async () => {
      await f.t.api(f.key, 'PUT', '/v1/users/reader', { properties: { area_names: ['渋谷'], area_level: 'station' } });
      await f.t.api(f.key, 'PUT', `/v1/users/reader/sources/${f.sources.business}/follow`);
      for (const [scenario, query] of [
        ['home', { user_id: 'reader', limit: 10 }],
        ['home', { user_id: 'reader', limit: 7, area_names: '府中', area_level: 'city' }],
        ['discover', { user_id: 'reader', limit: 10 }],
        ['discover', { user_id: 'unregistered-guest', limit: 12 }],
      ] as const) {
        const previewed = await items(query, scenario);
        const served = (await f.feed({ ...query, scenario })).body;
        expect(previewed.map((i) => i.id)).toEqual(ids(served));
        expect(previewed.map((i) => i.score)).toEqual(served.items.map((i: { score: number }) => i.score));
      }
      // 18 of a snapshot's 60 slots, one per block of 3–4 positions, never the first.
      const explored = await items({ user_id: 'reader', limit: 20 }, 'discover');
      expect(explored.filter((i) => i.exploration).length).toBeGreaterThanOrEqual(4);
      expect(explored[0]!.exploration).toBe(false);
      expect((await items({ user_id: 'reader', limit: 20 })).some((i) => i.exploration)).toBe(false);
    });

    it('serves nothing: no tracking tokens, cursor or snapshot, no credits or requests, no read marks, no user created', async () => {
      await f.t.api(f.key, 'PUT', '/v1/users/quiet', { properties: {} });
      const credits = await usedCredits();
      const ledger = () =>
        f.t.deps.db.selectFrom('usage_daily').selectAll().where('tenant_id', '=', f.tenantId).orderBy('day').orderBy('endpoint').execute();
      const ledgerBefore = await ledger();
      const readMarks = async () =>
        (await f.t.deps.db.selectFrom('read_marks').select('content_id').where('tenant_id', '=', f.tenantId).execute()).length;
      const readMarksBefore = await readMarks();
      // Every snapshot (the ranked list a cursor pages through) is saved through this store, Redis or not.
      const snapshotSaves = vi.spyOn(MemorySnapshotStore.prototype, 'save');
      let res: Awaited<ReturnType<typeof preview>>;
      try {
        res = await preview({ user_id: 'quiet', limit: 5 });
        expect(snapshotSaves).not.toHaveBeenCalled();
      } finally {
        snapshotSaves.mockRestore();
      }
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.meta).sort()).toEqual(['algorithm_id', 'areas', 'ignored_areas', 'scenario', 'user', 'weights']);
      for (const item of res.body.items) {
        expect(Object.keys(item).sort()).toEqual(
          ['category', 'exploration', 'id', 'published_at', 'score', 'signals', 'source', 'title', 'url'].sort(),
        );
      }
      expect(await usedCredits()).toBe(credits);
      expect(await ledger()).toEqual(ledgerBefore);
      expect(await readMarks()).toBe(readMarksBefore);
      // Nothing was marked read: the feed still serves the previewed items, first.
      expect(ids((await f.feed({ user_id: 'quiet', limit: 5 })).body)).toEqual(res.body.items.map((i: PreviewItem) => i.id));

      const ghost = await preview({ user_id: 'never-seen', limit: 3 });
      expect(ghost.body.meta.user).toEqual({ user_id: 'never-seen', registered: false });
      expect((await f.t.api(f.key, 'GET', '/v1/users/never-seen')).statusCode).toBe(404);
    });

    it('meta names the scenario, its algorithm, the user and the resolved areas (request first, else the profile)', async () => {
      await f.t.api(f.key, 'PUT', '/v1/users/local', { properties: { area_names: ['渋谷'], area_level: 'station' } });
      const fromProfile = (await preview({ user_id: 'local', limit: 3 })).body.meta;
      expect(fromProfile).toMatchObject({ scenario: 'home', algorithm_id: 'main', user: { user_id: 'local', registered: true } });
      expect(fromProfile.areas).toEqual([expect.objectContaining({ name: '渋谷', level: 'station' })]);
      const fromRequest = (await preview({ user_id: 'local', area_ids: 'pref:27', limit: 3 })).body.meta;
      expect(fromRequest.areas).toEqual([{ id: 'pref:27', name: '大阪府', level: 'prefecture', prefecture: '大阪府' }]);
      // An area with its prefecture; a name that means none is reported as ignored, as by the feed.
      const typo = (await preview({ area_names: '渋谷,しぶやx', limit: 1 })).body.meta;
      expect(typo).toMatchObject({ areas: [expect.objectContaining({ name: '渋谷', prefecture: '東京都' })], ignored_areas: ['しぶやx'] });
      const anonymous = (await preview({ limit: 3 })).body.meta;
      expect(anonymous).toMatchObject({ user: { user_id: null, registered: false }, areas: [] });
    });

    it("ranks a push scenario with its own algorithm, not the feed's", async () => {
      // The feed scenario's algorithm (main) ranks every category; the push scenario's ranks sports only.
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/sports-only`, {
        ...FIXTURE_ALGORITHM,
        include_categories: ['sports'],
      });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/evening`, { type: 'push', algorithm_id: 'sports-only' });
      const res = await preview({ user_id: 'fan', limit: 5 }, 'evening');
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ scenario: 'evening', algorithm_id: 'sports-only' });
      expect(res.body.items).toHaveLength(5);
      expect(res.body.items.map((i: { category: string }) => i.category)).toEqual(Array(5).fill('sports'));
      const feedRanking = (await preview({ user_id: 'fan', limit: 5 }, 'home')).body.items as { category: string }[];
      expect(feedRanking.some((i) => i.category !== 'sports')).toBe(true);
    });

    it('refuses what the feed refuses, with problem details, and unknown scenarios and tenants with 404', async () => {
      const ambiguous = await preview({ area_names: '府中' });
      expect(ambiguous.status).toBe(400);
      expect(ambiguous.headers['content-type']).toContain('application/problem+json');
      expect(ambiguous.body.candidates.length).toBeGreaterThan(1);
      expect((await preview({ area_names: '府中', area_level: 'city' })).status).toBe(200);
      const both = await preview({ area_names: '渋谷', area_ids: 'pref:13' });
      expect(both.status).toBe(400);
      expect(both.body.errors).toEqual([expect.objectContaining({ name: 'area_ids' })]);
      for (const limit of [0, 51]) expect((await preview({ limit })).status).toBe(400);
      expect((await preview({ limit: 50 })).body.items).toHaveLength(50);
      expect((await preview({}, 'nope')).status).toBe(404);
      const unknownTenant = await preview({}, 'home', 'ten_unknown');
      expect(unknownTenant.status).toBe(404);
      expect(unknownTenant.body.detail).toContain('ten_unknown');
    });

    it("never shows another tenant's user: the same id there is an unregistered user here", async () => {
      const other = await f.t.createTenant();
      await f.t.api(other.apiKey, 'PUT', '/v1/users/shared-id', { properties: {} });
      expect((await preview({ user_id: 'shared-id', limit: 1 })).body.meta.user).toEqual({ user_id: 'shared-id', registered: false });
    });
  },
);
