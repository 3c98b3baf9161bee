import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CRAWL_ENV } from '../helpers/crawl.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('crawling again on %s', (_name, backend) => {
  let t: TestApp;
  let site: NewsSite;
  let key: string;
  const articles = fixtureArticles(5, { prefix: 'r' });

  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/feed.xml', 'rss2', articles);
    site.addFeed('/other.xml', 'atom', [articles[0]!]);
    t = await startTestApp({ backend, env: CRAWL_ENV });
    ({ apiKey: key } = await t.createTenant({ plan: 'enterprise' }));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const crawl = async (sourceId: string) => (await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`)).json();
  const count = async () =>
    Number(
      (await t.deps.db
        .selectFrom('contents')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst())!.n,
    );

  it('sends If-None-Match and If-Modified-Since, stores nothing on 304, and fetches no page', async () => {
    const sourceId = await t.createSource({ feed_url: site.url('/feed.xml') });
    expect((await crawl(sourceId)).counts.new).toBe(5);
    const first = site.requestsTo('/feed.xml').at(-1)!;
    expect(first.headers['if-none-match']).toBeUndefined();
    const pagesBefore = site.requests.filter((r) => r.path.startsWith('/articles/')).length;

    t.clock.advance(300_000);
    const again = await crawl(sourceId);
    expect(again).toMatchObject({ status: 'completed', not_modified: true, counts: { new: 0, updated: 0, duplicate: 0, failed: 0 } });
    const second = site.requestsTo('/feed.xml').at(-1)!;
    expect(second.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/);
    expect(second.headers['if-modified-since']).toBe(articles[0]!.publishedAt.toUTCString());
    expect(site.requests.filter((r) => r.path.startsWith('/articles/')).length).toBe(pagesBefore);
    expect(await count()).toBe(5);
  });

  it('updates a changed item in place and keeps its id; unchanged entries fetch no page', async () => {
    const sourceId = (await t.admin('GET', '/admin/v1/sources')).json().sources[0].id;
    const changed = articles[2]!;
    const url = site.url(`/articles/${changed.slug}`);
    const before = await t.deps.db.selectFrom('contents').selectAll().where('url', '=', url).executeTakeFirstOrThrow();

    changed.title = `${changed.title}（更新）`;
    changed.paragraphs = [...changed.paragraphs, '追記：午後になって新たな発表があった。'];
    t.clock.advance(300_000);
    // Served (and cached) before the update; a client sees the update at once after it.
    expect((await t.api(key, 'GET', `/v1/contents/${before.id}`)).json().title).toBe(before.title);
    const pagesBefore = site.requests.filter((r) => r.path.startsWith('/articles/')).length;
    const report = await crawl(sourceId);
    expect(report.counts).toEqual({ new: 0, updated: 1, duplicate: 0, unchanged: 4, failed: 0 });
    expect(site.requests.filter((r) => r.path.startsWith('/articles/')).length).toBe(pagesBefore + 1);

    expect((await t.api(key, 'GET', `/v1/contents/${before.id}`)).json()).toMatchObject({ id: before.id, title: changed.title });
    const after = await t.deps.db.selectFrom('contents').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    expect(after.id).toBe(before.id);
    expect(after.title).toBe(changed.title);
    expect(after.body).toContain('新たな発表');
    expect(after.created_at).toBe(before.created_at);
    expect(await count()).toBe(5);
  });

  it('stores the same article from a second source once', async () => {
    const second = await t.createSource({ name: 'Second', feed_url: site.url('/other.xml') });
    const report = await crawl(second);
    expect(report.counts).toMatchObject({ new: 0, duplicate: 1 });
    expect(await count()).toBe(5);
  });

  it('recognises the same text under another URL as a near duplicate', async () => {
    const copy = { ...articles[3]!, slug: 'copy-of-r-4', title: `${articles[3]!.title}【転載】` };
    site.addFeed('/copies.xml', 'rss2', [copy]);
    const third = await t.createSource({ name: 'Aggregator', feed_url: site.url('/copies.xml') });
    const report = await crawl(third);
    expect(report.counts).toMatchObject({ new: 0, duplicate: 1 });
    expect(await count()).toBe(5);
  });

  it('a page whose canonical URL is an article already held is a duplicate', async () => {
    const mirror = { ...fixtureArticles(1, { prefix: 'm', seed: 9 })[0]!, canonical: site.url(`/articles/${articles[1]!.slug}`) };
    site.addFeed('/mirror.xml', 'rss2', [mirror]);
    const fourth = await t.createSource({ name: 'Mirror', feed_url: site.url('/mirror.xml') });
    expect((await crawl(fourth)).counts).toMatchObject({ new: 0, duplicate: 1 });
    expect(await count()).toBe(5);
  });
});
