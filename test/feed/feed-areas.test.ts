import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { testBackends } from '../helpers/backends.js';

const STORY = '記者が現地で関係者に話を聞いた。今後の予定についても説明があった。周辺の住民からは期待と不安の声が上がっている。';

describe.each(testBackends().map((b) => [b.name, b] as const))('GET /v1/feed: areas (SPEC rules 4–8) on %s', (_name, backend) => {
  let f: FeedFixture;
  let shibuya: string;
  let fuchu: string;
  let osaka: string;
  let ward: string;
  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 6 });
    // Younger than only a third of the rest: out of the top 5 by recency alone, so even the smallest
    // area boost given without area context would lift 渋谷's item into it.
    shibuya = await f.ingest('science', {
      title: '渋谷駅前で新しい広場が完成',
      body: `渋谷駅の西口に新しい広場が完成した。${STORY}`,
      minutesAgo: 20,
    });
    fuchu = await f.ingest('science', {
      title: '東京都府中市で市民祭り',
      body: `東京都府中市の公園で市民祭りが開かれた。${STORY}`,
      minutesAgo: 21,
    });
    osaka = await f.ingest('science', {
      title: '大阪府で新しい橋が開通',
      body: `大阪府の湾岸部で新しい橋が開通した。${STORY}`,
      minutesAgo: 22,
    });
    ward = await f.ingest('politics', {
      title: '東京都渋谷区で子ども食堂が拡大',
      body: `東京都渋谷区の子ども食堂が利用者の増加に合わせて拡大した。${STORY}`,
      minutesAgo: 23,
    });
    f.t.clock.advance(1000);
  });
  afterAll(() => f.t.close());

  const top = async (query: Record<string, string | number | undefined>) => {
    const res = await f.feed({ limit: 5, ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ids(res.body);
  };

  it('without area context the area items are not favoured', async () => {
    expect(await top({})).not.toContain(shibuya);
  });

  it('rule 4: explicit area_names first; unregistered users with area_names get an area-optimised feed (rule 8)', async () => {
    expect((await top({ area_names: '渋谷' }))[0]).toBe(shibuya);
    expect((await top({ user_id: 'visitor', area_names: '渋谷' }))[0]).toBe(shibuya);
  });

  it('rule 4: the profile areas when the request has none; the request wins over the profile', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/local', { properties: { area_names: ['府中'], area_level: 'city' } });
    expect((await top({ user_id: 'local' }))[0]).toBe(fuchu);
    expect((await top({ user_id: 'local', area_names: '渋谷' }))[0]).toBe(shibuya);
  });

  it('rule 5: unknown names are skipped; all unknown is no area filter, no error', async () => {
    expect((await top({ area_names: 'どこにもない町,渋谷' }))[0]).toBe(shibuya);
    expect(await top({ area_names: 'どこにもない町,存在しない駅' })).toEqual(await top({}));
  });

  it('rule 6: 渋谷 and 渋谷駅 give the same feed', async () => {
    expect(await top({ area_names: '渋谷駅', limit: 20 })).toEqual(await top({ area_names: '渋谷', limit: 20 }));
  });

  it('rule 7: 府中 without area_level is a 400 listing the candidates; with area_level=station it is 200', async () => {
    const res = await f.feed({ area_names: '府中' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const candidates = res.body.candidates as { id: string; name: string; level: string; prefecture: string }[];
    expect(candidates.length).toBeGreaterThan(1);
    expect(new Set(candidates.map((c) => c.prefecture)).size).toBeGreaterThan(1);
    for (const c of candidates) expect(res.body.detail).toContain(c.id);
    expect((await f.feed({ area_names: '府中', area_level: 'station' })).status).toBe(200);
    expect((await top({ area_names: '府中', area_level: 'city' }))[0]).toBe(fuchu);
  });

  it('area_ids select areas by id; unknown ids are skipped', async () => {
    expect((await top({ area_ids: 'pref:27' }))[0]).toBe(osaka);
    expect((await top({ area_ids: 'city:13206,station:nowhere' }))[0]).toBe(fuchu);
  });

  it('the boost favours the area itself, then its municipality, then its prefecture', async () => {
    // Asking for 渋谷 station: its item, then 渋谷区's, then another Tokyo item (府中市), then Osaka's.
    const list = await top({ area_names: '渋谷', limit: 100 });
    const at = [shibuya, ward, fuchu, osaka].map((id) => list.indexOf(id));
    expect(at[0]).toBe(0);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});
