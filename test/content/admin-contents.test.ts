import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminCli } from '../../src/cli/admin.js';
import type { Config } from '../../src/config.js';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { CRAWL_ENV } from '../helpers/crawl.js';
import { NewsSite } from '../helpers/news-site.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

const STORY = '記者が現地で関係者に話を聞いた。今後の予定についても説明があった。周辺の住民からは期待と不安の声が上がっている。';

describe.each(testBackends().map((b) => [b.name, b] as const))('browsing articles (GET /admin/v1/contents) on %s', (_name, backend) => {
  let t: TestApp;
  let news: string;
  let unreviewed: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp({ backend, env: CRAWL_ENV });
    news = await t.createSource({ name: 'Daily News', trust_level: 2 });
    unreviewed = await t.createSource({ name: 'New Blog', trust_level: 0 });
    const at = (hoursAgo: number) => new Date(t.clock.now() - hoursAgo * 3_600_000).toISOString();
    const [a, b] = fixtureArticles(2, { prefix: 'browse' });
    ids.shibuya = await t.ingest({
      source_id: news,
      url: 'https://news.example/shibuya',
      title: '渋谷駅前で新しい広場が完成',
      body: `渋谷駅の西口に新しい広場が完成した。${STORY}`,
      category: 'society',
      published_at: at(1),
    });
    ids.sports = await t.ingest({
      source_id: news,
      url: 'https://news.example/sports',
      title: a!.title,
      body: a!.paragraphs.join('\n'),
      category: 'sports',
      published_at: at(2),
    });
    ids.old = await t.ingest({
      source_id: news,
      url: 'https://news.example/old',
      title: b!.title,
      body: b!.paragraphs.join('\n'),
      category: 'business',
      published_at: at(100),
    });
    ids.blog = await t.ingest({
      source_id: unreviewed,
      url: 'https://blog.example/osaka',
      title: '大阪府で新しい橋が開通',
      body: `大阪府の湾岸部で新しい橋が開通した。${STORY}`,
      published_at: at(3),
    });
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await t.admin('GET', `/admin/v1/contents${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const listed = async (query = '') => (await list(query)).contents.map((c: { id: string }) => c.id);

  it('lists newest first, and filters by source, category, language, area, time and words of the title', async () => {
    expect(await listed()).toEqual([ids.shibuya, ids.sports, ids.blog, ids.old]);
    expect((await list()).contents[0]).toMatchObject({
      title: '渋谷駅前で新しい広場が完成',
      source: { id: news, name: 'Daily News' },
      category: 'society',
      language: 'ja',
      areas: ['渋谷'],
      has_thumbnail: false,
    });
    expect(await listed(`?source_id=${unreviewed}`)).toEqual([ids.blog]);
    expect(await listed('?category=sports')).toEqual([ids.sports]);
    expect(await listed('?language=en')).toEqual([]);
    // An area, or a place inside it: 渋谷 station is in Tokyo (pref:13).
    expect(await listed('?area_id=pref:13')).toEqual([ids.shibuya]);
    expect(await listed('?area_id=pref:27')).toEqual([ids.blog]);
    const since = new Date(t.clock.now() - 2.5 * 3_600_000).toISOString();
    expect(await listed(`?from=${since}`)).toEqual([ids.shibuya, ids.sports]);
    expect(await listed(`?to=${since}`)).toEqual([ids.blog, ids.old]);
    expect(await listed(`?q=${encodeURIComponent('広場 渋谷')}`)).toEqual([ids.shibuya]);
    expect(await listed(`?q=${encodeURIComponent('100%')}`)).toEqual([]);
  });

  it('pages with a cursor that holds to its filters', async () => {
    const first = await list('?limit=3');
    expect(first.contents).toHaveLength(3);
    const second = await list(`?limit=3&cursor=${encodeURIComponent(first.meta.next_cursor)}`);
    expect(second.contents.map((c: { id: string }) => c.id)).toEqual([ids.old]);
    expect(second.meta.next_cursor).toBeNull();
    expect(
      (await t.admin('GET', `/admin/v1/contents?limit=3&category=sports&cursor=${encodeURIComponent(first.meta.next_cursor)}`)).statusCode,
    ).toBe(400);
  });

  it('opens one article with its analysis, its other addresses, and whether it can be served and why not', async () => {
    const shibuya = (await t.admin('GET', `/admin/v1/contents/${ids.shibuya}`)).json();
    expect(shibuya).toMatchObject({
      id: ids.shibuya,
      language: 'ja',
      category: 'society',
      source: { id: news, name: 'Daily News', trust_level: 2, active: true },
      areas: [{ id: expect.stringMatching(/^station:/), name: '渋谷', level: 'station', prefecture: '東京都' }],
      duplicate_urls: [],
      servable: true,
      not_servable_because: [],
      judged_with: 'defaults',
    });
    expect(shibuya.keywords.length).toBeGreaterThan(0);

    const blog = (await t.admin('GET', `/admin/v1/contents/${ids.blog}`)).json();
    expect(blog.servable).toBe(false);
    expect(blog.not_servable_because).toEqual([
      expect.stringContaining("trust level 0 is below the algorithm's min_trust_level 1 (the source is not reviewed yet)"),
    ]);
    const old = (await t.admin('GET', `/admin/v1/contents/${ids.old}`)).json();
    expect(old.not_servable_because).toEqual(["published 100 hours ago: older than the algorithm's max_age_hours 72"]);

    // Judged by a tenant's own algorithm.
    const { tenantId } = await t.createTenant();
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/english`, { languages: ['en'], max_age_hours: 200 });
    const judged = (await t.admin('GET', `/admin/v1/contents/${ids.old}?tenant_id=${tenantId}&algorithm_id=english`)).json();
    expect(judged).toMatchObject({
      judged_with: `${tenantId}/english`,
      servable: false,
      not_servable_because: ["its language ja is not among the algorithm's languages en"],
    });
    expect((await t.admin('GET', `/admin/v1/contents/${ids.old}?tenant_id=${tenantId}`)).statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/v1/contents/cnt_nope')).statusCode).toBe(404);
  });

  it('lists the other addresses an article was recognised under (near-duplicate text found by a crawl)', async () => {
    const site = await NewsSite.start();
    try {
      const [wire] = fixtureArticles(1, { prefix: 'wire', seed: 5, publishedAt: new Date(t.clock.now() - 3_600_000) });
      site.addFeed('/wire.xml', 'rss2', [wire!]);
      site.addFeed('/copies.xml', 'rss2', [{ ...wire!, slug: 'copy-of-wire', title: `${wire!.title}【転載】` }]);
      const original = await t.createSource({ name: 'Wire', feed_url: site.url('/wire.xml'), trust_level: 2 });
      const aggregator = await t.createSource({ name: 'Aggregator', feed_url: site.url('/copies.xml'), trust_level: 1 });
      expect((await t.admin('POST', `/admin/v1/sources/${original}/crawl?wait=true`)).json().counts.new).toBe(1);
      expect((await t.admin('POST', `/admin/v1/sources/${aggregator}/crawl?wait=true`)).json().counts.duplicate).toBe(1);
      const [stored] = await listed(`?source_id=${original}`);
      expect((await t.admin('GET', `/admin/v1/contents/${stored}`)).json().duplicate_urls).toEqual([site.url('/articles/copy-of-wire')]);
      for (const id of [original, aggregator]) await t.admin('DELETE', `/admin/v1/sources/${id}`);
    } finally {
      await site.close();
    }
  });

  it('counts articles per source', async () => {
    const sources = (await t.admin('GET', '/admin/v1/sources')).json().sources;
    expect(Object.fromEntries(sources.map((s: { name: string; articles: number }) => [s.name, s.articles]))).toEqual({
      'Daily News': 3,
      'New Blog': 1,
    });
    expect((await t.admin('GET', `/admin/v1/sources/${news}`)).json().articles).toBe(3);
  });

  it('is what `content-feed admin contents list` prints', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let out = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    try {
      const code = await adminCli({ adminToken: ADMIN_TOKEN, dataDir: t.dataDir } as Config, [
        'contents',
        'list',
        '--q',
        '渋谷',
        '--url',
        url,
      ]);
      expect(code).toBe(0);
    } finally {
      write.mockRestore();
    }
    expect(JSON.parse(out).contents.map((c: { id: string }) => c.id)).toEqual([ids.shibuya]);
  });

  it('deletes an article: gone from the list and from GET /v1/contents, with its other addresses', async () => {
    const { apiKey } = await t.createTenant();
    expect((await t.api(apiKey, 'GET', `/v1/contents/${ids.sports}`)).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/contents/${ids.sports}`)).statusCode).toBe(204);
    expect((await t.api(apiKey, 'GET', `/v1/contents/${ids.sports}`)).statusCode).toBe(404);
    expect(await listed()).not.toContain(ids.sports);
    expect((await t.admin('DELETE', `/admin/v1/contents/${ids.sports}`)).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/v1/sources')).json().sources.find((s: { id: string }) => s.id === news).articles).toBe(2);
  });
});
