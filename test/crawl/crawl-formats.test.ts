import { servedSize } from '../../src/thumbnails/thumbnail-links.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { CRAWL_ENV } from '../helpers/crawl.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('crawling RSS 2.0, Atom and RSS 1.0 on %s', (_name, backend) => {
  let t: TestApp;
  let site: NewsSite;
  let key: string;
  const rss = fixtureArticles(50, { prefix: 'rss' });
  const [atom] = fixtureArticles(1, { prefix: 'atom', seed: 2 });
  const [rdf] = fixtureArticles(1, { prefix: 'rdf', seed: 3 });

  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed(
      '/rss.xml',
      'rss2',
      rss.map((a, i) => ({ ...a, category: i % 2 ? 'スポーツ' : '経済' })),
    );
    site.addFeed('/atom.xml', 'atom', [{ ...atom!, category: 'IT' }]);
    site.addFeed('/rdf.xml', 'rss1', [rdf!]);
    t = await startTestApp({ backend, env: CRAWL_ENV });
    ({ apiKey: key } = await t.createTenant({ plan: 'enterprise' }));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const crawl = async (sourceId: string) => {
    const res = await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const itemsOf = async (sourceId: string) => {
    const ids = (await t.deps.db.selectFrom('contents').select('id').where('source_id', '=', sourceId).execute()).map((r) => r.id);
    return Promise.all(ids.map(async (id) => (await t.api(key, 'GET', `/v1/contents/${id}`)).json()));
  };

  it('stores all 50 RSS 2.0 items with every field, and GET /v1/contents returns them', async () => {
    const sourceId = await t.createSource({ name: 'Fixture RSS', feed_url: site.url('/rss.xml') });
    const report = await crawl(sourceId);
    expect(report).toMatchObject({ status: 'completed', counts: { new: 50, updated: 0, duplicate: 0, failed: 0 }, error: null });

    const items = await itemsOf(sourceId);
    expect(items).toHaveLength(50);
    const byUrl = new Map(items.map((i) => [i.url, i]));
    for (const [index, article] of rss.entries()) {
      const item = byUrl.get(site.url(`/articles/${article.slug}`));
      expect(item, article.slug).toBeDefined();
      expect(item).toMatchObject({
        title: article.title,
        source: { id: sourceId, name: 'Fixture RSS' },
        language: 'ja',
        published_at: article.publishedAt.toISOString(),
        category: index % 2 ? 'sports' : 'business',
        // Served by our thumbnail proxy at 400 px wide (docs/thumbnails.md); the origin's image is what it was cut from.
        thumbnail: { url: expect.stringContaining(`/thumbnails/${item!.id}?w=400&`), ...servedSize(article.image!, 400) },
      });
      const origin = await t.deps.db
        .selectFrom('contents')
        .select(['thumbnail_url', 'thumbnail_width', 'thumbnail_height'])
        .where('id', '=', item!.id)
        .executeTakeFirstOrThrow();
      expect(origin).toEqual({
        thumbnail_url: site.url(`/images/${article.image!.width}x${article.image!.height}.png`),
        thumbnail_width: article.image!.width,
        thumbnail_height: article.image!.height,
      });
      expect(item.summary.length).toBeGreaterThan(10);
      expect(item.areas).toEqual([]); // the generated stories name no real place
    }
    // Boilerplate of the page is not part of the text.
    const stored = await t.deps.db
      .selectFrom('contents')
      .select(['body', 'vector', 'simhash', 'keywords'])
      .where('source_id', '=', sourceId)
      .execute();
    for (const row of stored) {
      expect(row.body).not.toContain('無断転載');
      expect(row.body).not.toContain('関連記事');
      expect(row.vector).toBeTruthy();
      expect(row.simhash).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.parse(row.keywords).length).toBeGreaterThan(0);
    }
  });

  it('stores the Atom entry and the RSS 1.0 item the same way', async () => {
    for (const [path, article, category] of [
      ['/atom.xml', atom!, 'technology'],
      ['/rdf.xml', rdf!, null],
    ] as const) {
      const sourceId = await t.createSource({ name: `Fixture ${path}`, feed_url: site.url(path) });
      expect((await crawl(sourceId)).counts.new).toBe(1);
      const [item] = await itemsOf(sourceId);
      expect(item).toMatchObject({
        url: site.url(`/articles/${article.slug}`),
        title: article.title,
        language: 'ja',
        published_at: article.publishedAt.toISOString(),
        source: { id: sourceId, name: `Fixture ${path}` },
        thumbnail: servedSize(article.image!, 400),
      });
      // Without a label in the feed the classifier gives one: never null, and said where it came from.
      const admin = (await t.admin('GET', `/admin/v1/contents/${item.id}`)).json();
      expect(admin).toMatchObject({ category: item.category, category_source: category ? 'feed' : 'classifier' });
      if (category) expect(item.category).toBe(category);
      else expect(item.category).toEqual(expect.any(String));
    }
  });

  it('shows the crawl status on the source', async () => {
    const sourceId = await t.createSource({ name: 'Status', feed_url: site.url('/rdf.xml') });
    const before = (await t.admin('GET', `/admin/v1/sources/${sourceId}`)).json();
    expect(before.crawl).toMatchObject({ state: 'pending', error_count: 0, last_error: null, last_result: null });
    await crawl(sourceId);
    const after = (await t.admin('GET', `/admin/v1/sources/${sourceId}`)).json();
    expect(after.crawl).toMatchObject({
      state: 'ok',
      error_count: 0,
      last_error: null,
      last_crawled_at: new Date(t.clock.now()).toISOString(),
    });
    expect(Date.parse(after.crawl.next_crawl_at) - t.clock.now()).toBe(300_000);
  });
});
