import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CRAWL_ENV } from '../helpers/crawl.js';

describe('sources that fail', () => {
  let t: TestApp;
  let site: NewsSite;

  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/good.xml', 'rss2', fixtureArticles(3, { prefix: 'good' }));
    site.overrides.set('/error.xml', (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    });
    site.overrides.set('/broken.xml', (res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end('<?xml version="1.0"?><rss version="2.0"><channel><item><title>unclosed');
    });
    site.hang('/slow.xml');
    t = await startTestApp({ env: { ...CRAWL_ENV, CRAWL_FETCH_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const source = async (id: string) => (await t.admin('GET', `/admin/v1/sources/${id}`)).json();

  it('a timeout, a 500 and malformed XML each back off and report their error, while a good source is crawled', async () => {
    const good = await t.createSource({ name: 'Good', feed_url: site.url('/good.xml') });
    const failing = {
      error: await t.createSource({ name: 'Error', feed_url: site.url('/error.xml') }),
      broken: await t.createSource({ name: 'Broken', feed_url: site.url('/broken.xml') }),
      slow: await t.createSource({ name: 'Slow', feed_url: site.url('/slow.xml') }),
    };

    const reports = await t.deps.crawler.runDue();
    expect(reports).toHaveLength(4);
    expect(reports.find((r) => r.source_id === good)).toMatchObject({ status: 'completed', counts: { new: 3 } });
    const metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toMatch(/^crawls_total\{status="failed"\} 3$/m);
    expect(metrics).toMatch(/^crawls_total\{status="completed"\} 1$/m);
    expect(metrics).toMatch(/^crawled_entries_total\{outcome="new"\} 3$/m);

    const expected = { error: /HTTP 500/, broken: /not|invalid|malformed/i, slow: /did not complete within 300 ms/ };
    for (const [name, id] of Object.entries(failing)) {
      const s = await source(id);
      expect(s.crawl.state, name).toBe('failing');
      expect(s.crawl.error_count).toBe(1);
      expect(s.crawl.last_error).toMatch(expected[name as keyof typeof expected]);
      const delay = Date.parse(s.crawl.next_crawl_at) - t.clock.now();
      expect(delay).toBeGreaterThanOrEqual(300_000); // never sooner than the interval
    }

    // Later: the good source is due again and crawled; the failing ones back off further each time.
    const delays: number[] = [];
    for (let round = 0; round < 4; round++) {
      t.clock.advance(7 * 60 * 60_000);
      await t.deps.crawler.runDue();
      const s = await source(failing.error);
      delays.push(Date.parse(s.crawl.next_crawl_at) - t.clock.now());
      expect(s.crawl.error_count).toBe(round + 2);
      expect((await source(good)).crawl).toMatchObject({ state: 'ok', error_count: 0 });
    }
    expect(delays.at(-1)!).toBeGreaterThan(delays[0]!);
    expect(delays.at(-1)!).toBeLessThanOrEqual(6 * 60 * 60_000);
  });

  it('a source that recovers is healthy again', async () => {
    const id = await t.createSource({ name: 'Flaky', feed_url: site.url('/flaky.xml') });
    site.overrides.set('/flaky.xml', (res) => {
      res.writeHead(503);
      res.end();
    });
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json()).toMatchObject({ status: 'failed', error: expect.stringMatching(/503/) });
    site.overrides.delete('/flaky.xml');
    site.addFeed('/flaky.xml', 'rss2', fixtureArticles(1, { prefix: 'flaky', seed: 5 }));
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json()).toMatchObject({ status: 'completed', counts: { new: 1 } });
    expect((await source(id)).crawl).toMatchObject({ state: 'ok', error_count: 0, last_error: null });
  });

  it('an article page that fails counts as failed without failing the source, and is retried', async () => {
    const [ok, missing] = fixtureArticles(2, { prefix: 'pages', seed: 6 });
    site.addFeed('/pages.xml', 'rss2', [ok!, missing!]);
    site.missingPages.add(missing!.slug);
    const id = await t.createSource({ name: 'Pages', feed_url: site.url('/pages.xml') });
    const report = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    expect(report).toMatchObject({ status: 'completed', counts: { new: 1, failed: 1 } });
    expect(report.error).toMatch(/404/);
    site.missingPages.delete(missing!.slug);
    t.clock.advance(300_000);
    site.feeds.get('/pages.xml')!.slugs.push('pages-none'); // the feed changes, so no 304
    site.articles.set('pages-none', { ...missing!, slug: 'pages-none', title: '別の記事', paragraphs: ['まったく別の内容の記事です。天気の話題。'] });
    const retry = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    expect(retry.counts).toMatchObject({ new: 2, failed: 0, unchanged: 1 });
  });

  it('honours robots.txt: a disallowed article is not fetched', async () => {
    const [secret] = fixtureArticles(1, { prefix: 'secret', seed: 8 });
    site.addFeed('/robots-test.xml', 'rss2', []);
    site.articles.set(secret!.slug, secret!);
    // The feed links to /private/articles/…, which robots.txt disallows.
    site.overrides.set('/robots-test.xml', (res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>${secret!.title}</title><link>${site.url(`/private/articles/${secret!.slug}`)}</link></item></channel></rss>`);
    });
    const id = await t.createSource({ name: 'Robots', feed_url: site.url('/robots-test.xml') });
    const report = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    expect(report.counts).toMatchObject({ new: 0, failed: 1 });
    expect(report.error).toMatch(/robots/i);
    expect(site.requestsTo(`/private/articles/${secret!.slug}`)).toHaveLength(0);
  });
});

describe('outbound fetches and private networks', () => {
  let t: TestApp;
  let site: NewsSite;
  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/feed.xml', 'rss2', fixtureArticles(1));
    t = await startTestApp({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'false' } });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('refuses a source whose URL resolves to 127.0.0.1, with a clear error, and never connects', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const id = await t.createSource({ name: host, feed_url: site.url('/feed.xml').replace('127.0.0.1', host) });
      const report = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
      expect(report.status).toBe('failed');
      expect(report.error).toMatch(/127\.0\.0\.1|::1/);
      expect(report.error).toMatch(/ALLOW_PRIVATE_NETWORK_FETCH/);
      expect((await t.admin('GET', `/admin/v1/sources/${id}`)).json().crawl.last_error).toBe(report.error);
    }
    expect(site.requests).toHaveLength(0);
  });
});
