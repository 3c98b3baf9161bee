import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsSite, type FixtureArticle } from '../helpers/news-site.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CRAWL_ENV } from '../helpers/crawl.js';

const article = (slug: string, title: string, paragraphs: string[]): FixtureArticle => ({
  slug,
  title,
  paragraphs,
  publishedAt: new Date(Date.UTC(2026, 0, 15, 10)),
});

describe.each(testBackends().map((b) => [b.name, b] as const))('area tags of crawled articles on %s', (_name, backend) => {
  let t: TestApp;
  let site: NewsSite;
  let key: string;

  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/local.xml', 'rss2', [
      article('shinjuku-fuchu', '新宿駅と府中市を結ぶ臨時バス', [
        '新宿駅の西口から府中市の競馬場まで、週末に臨時バスが運行される。',
        '運行会社によると、乗車には事前の予約が必要だという。',
      ]),
      article('okubo-surname', '大久保さんが市民賞を受賞', [
        '長年地域の清掃活動を続けてきた大久保さんが市民賞を受賞した。',
        '大久保さんは「これからも続けたい」と話した。',
      ]),
      article('okubo-station', '新宿区の大久保駅、改札が新しくなる', [
        '新宿区にあるJR大久保駅の改札口が来月、新しいデザインに生まれ変わる。',
        '駅の利用者からは期待の声が上がっている。',
      ]),
    ]);
    t = await startTestApp({ backend, env: CRAWL_ENV });
    ({ apiKey: key } = await t.createTenant({ plan: 'enterprise' }));
    const sourceId = await t.createSource({ feed_url: site.url('/local.xml') });
    expect((await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`)).json().counts.new).toBe(3);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const stored = (slug: string) =>
    t.deps.db
      .selectFrom('contents')
      .select(['id', 'areas', 'area_ids'])
      .where('url', '=', site.url(`/articles/${slug}`))
      .executeTakeFirstOrThrow();
  const stationIds = (name: string) =>
    t.deps.areas
      .lookup(name)
      .filter((a) => a.level === 'station')
      .map((a) => a.id);

  it('tags 新宿駅 with the station and 府中市 with the municipality of Tokyo (13206), ancestors implied', async () => {
    const row = await stored('shinjuku-fuchu');
    const ids: string[] = JSON.parse(row.area_ids);
    const shinjuku = stationIds('新宿');
    expect(shinjuku).toHaveLength(1);
    expect(ids).toContain(shinjuku[0]);
    expect(ids).toContain('city:13206');
    expect(ids).not.toContain('city:34208'); // 府中市 of Hiroshima
    expect(ids).toEqual(expect.arrayContaining(['pref:13', 'jp']));
    const item = (await t.api(key, 'GET', `/v1/contents/${row.id}`)).json();
    expect(item.areas).toEqual(expect.arrayContaining(['新宿', '府中市']));
  });

  it('does not tag the surname 大久保 as a station, but does tag 大久保駅 (placed in Tokyo by 新宿区)', async () => {
    const okubo = stationIds('大久保');
    expect(okubo.length).toBeGreaterThan(0);
    const surname: string[] = JSON.parse((await stored('okubo-surname')).area_ids);
    expect(surname.filter((id) => okubo.includes(id))).toEqual([]);
    expect(surname.some((id) => id.startsWith('station:'))).toBe(false);
    const station: string[] = JSON.parse((await stored('okubo-station')).area_ids);
    const tokyoOkubo = okubo.filter((id) => t.deps.areas.withAncestors([id]).includes('pref:13'));
    expect(station.filter((id) => okubo.includes(id))).toEqual(tokyoOkubo);
  });
});
