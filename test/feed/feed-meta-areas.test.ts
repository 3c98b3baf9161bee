import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { testBackends } from '../helpers/backends.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'GET /v1/feed: meta says which areas it understood and which names it ignored on %s',
  (_name, backend) => {
    let f: FeedFixture;
    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 1 });
    });
    afterAll(() => f.t.close());

    const meta = async (query: Record<string, string>) => {
      const res = await f.feed(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { areas: res.body.meta.areas, ignored: res.body.meta.ignored_areas };
    };

    it('reports the areas resolved from area_names, with their prefecture, and a typo as ignored', async () => {
      const { areas, ignored } = await meta({ area_names: '渋谷駅,しぶやx' });
      expect(areas).toEqual([{ id: expect.stringMatching(/^station:/), name: '渋谷', level: 'station', prefecture: '東京都' }]);
      expect(ignored).toEqual(['しぶやx']);
    });

    it('names each of several areas a name with a level means by its prefecture', async () => {
      const { areas, ignored } = await meta({ area_names: '府中', area_level: 'station' });
      expect(areas.length).toBeGreaterThan(1);
      expect(new Set(areas.map((a: { prefecture: string }) => a.prefecture)).size).toBeGreaterThan(1);
      expect(ignored).toEqual([]);
      // A name with a level it has no area of: ignored, so the client sees why the feed is not local.
      expect(await meta({ area_names: '渋谷', area_level: 'prefecture' })).toEqual({ areas: [], ignored: ['渋谷'] });
    });

    it('reports unknown area_ids as ignored, and the country without a prefecture', async () => {
      expect(await meta({ area_ids: 'city:13206,station:nowhere' })).toEqual({
        areas: [{ id: 'city:13206', name: '府中市', level: 'city', prefecture: '東京都' }],
        ignored: ['station:nowhere'],
      });
      expect((await meta({ area_ids: 'jp' })).areas).toEqual([{ id: 'jp', name: expect.any(String), level: 'country', prefecture: null }]);
    });

    it("reports the profile's areas when the request has none, and a profile name that means no one area as ignored", async () => {
      await f.t.api(f.key, 'PUT', '/v1/users/local', { properties: { area_names: ['渋谷区', 'しぶや区'], area_level: 'city' } });
      expect(await meta({ user_id: 'local' })).toEqual({
        areas: [{ id: 'city:13113', name: '渋谷区', level: 'city', prefecture: '東京都' }],
        ignored: ['しぶや区'],
      });
      // Without a level 府中 is several areas: a profile's ambiguous name is skipped (no 400: the client did not send it).
      await f.t.api(f.key, 'PUT', '/v1/users/vague', { properties: { area_names: ['府中'] } });
      expect(await meta({ user_id: 'vague' })).toEqual({ areas: [], ignored: ['府中'] });
      expect(await meta({})).toEqual({ areas: [], ignored: [] });
    });
  },
);
