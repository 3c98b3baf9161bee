import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CRAWL_ENV } from '../helpers/crawl.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('sources that fail on %s', (_name, backend) => {
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
    t = await startTestApp({ backend, env: { ...CRAWL_ENV, CRAWL_FETCH_TIMEOUT_MS: '300' } });
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
    // One log line per crawl, with its outcome: info when it completed, warn when it failed.
    const crawlLines = t.logs.map((l) => JSON.parse(l)).filter((l) => /^crawl (completed|failed)$/.test(l.msg));
    expect(crawlLines).toHaveLength(4);
    expect(crawlLines.find((l) => l.sourceId === good)).toMatchObject({
      level: 30,
      msg: 'crawl completed',
      status: 'completed',
      new: 3,
      failed: 0,
      notModified: false,
    });
    expect(crawlLines.find((l) => l.sourceId === failing.error)).toMatchObject({
      level: 40,
      msg: 'crawl failed',
      status: 'failed',
      error: expect.stringMatching(/HTTP 500/),
    });

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
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json()).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/503/),
    });
    site.overrides.delete('/flaky.xml');
    site.addFeed('/flaky.xml', 'rss2', fixtureArticles(1, { prefix: 'flaky', seed: 5 }));
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json()).toMatchObject({
      status: 'completed',
      counts: { new: 1 },
    });
    expect((await source(id)).crawl).toMatchObject({ state: 'ok', error_count: 0, last_error: null });
  });

  it('an article page that fails counts as failed without failing the source, and is retried though the feed is unchanged', async () => {
    const [ok, missing] = fixtureArticles(2, { prefix: 'pages', seed: 6 });
    site.addFeed('/pages.xml', 'rss2', [ok!, missing!]);
    site.missingPages.add(missing!.slug);
    const id = await t.createSource({ name: 'Pages', feed_url: site.url('/pages.xml') });
    const report = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    expect(report).toMatchObject({ status: 'completed', counts: { new: 1, failed: 1 } });
    expect(report.error).toMatch(/1 of 2 articles failed.*404/);
    site.missingPages.delete(missing!.slug);
    t.clock.advance(300_000);
    const retry = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    // The feed would have answered 304: validators are not kept while an entry waits for a retry.
    expect(site.requestsTo('/pages.xml').at(-1)!.headers['if-none-match']).toBeUndefined();
    expect(retry).toMatchObject({ not_modified: false, counts: { new: 1, failed: 0, unchanged: 1 }, error: null });
  });

  it('a changed article whose page fails keeps its old version and is updated on a later crawl', async () => {
    const [story] = fixtureArticles(1, { prefix: 'upd', seed: 11 });
    site.addFeed('/upd.xml', 'rss2', [story!]);
    const id = await t.createSource({ name: 'Updates', feed_url: site.url('/upd.xml') });
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json().counts.new).toBe(1);
    const url = site.url(`/articles/${story!.slug}`);
    const before = await t.deps.db.selectFrom('contents').select(['id', 'title']).where('url', '=', url).executeTakeFirstOrThrow();

    story!.title = `${story!.title}（訂正）`;
    site.missingPages.add(story!.slug);
    t.clock.advance(300_000);
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json().counts).toMatchObject({ updated: 0, failed: 1 });
    expect((await t.deps.db.selectFrom('contents').select('title').where('id', '=', before.id).executeTakeFirstOrThrow()).title).toBe(
      before.title,
    );

    site.missingPages.delete(story!.slug);
    t.clock.advance(300_000);
    expect((await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json().counts).toMatchObject({ updated: 1, failed: 0 });
    expect((await t.deps.db.selectFrom('contents').select('title').where('id', '=', before.id).executeTakeFirstOrThrow()).title).toBe(
      story!.title,
    );
  });

  it('a new feed URL starts afresh: no back-off, no validators of the old feed', async () => {
    const id = await t.createSource({ name: 'Moved', feed_url: site.url('/error.xml') });
    for (let i = 0; i < 3; i++) {
      await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`);
      t.clock.advance(60_000);
    }
    expect((await source(id)).crawl).toMatchObject({ state: 'failing', error_count: 3 });
    site.addFeed('/moved.xml', 'rss2', fixtureArticles(1, { prefix: 'moved', seed: 12 }));
    const patched = (await t.admin('PATCH', `/admin/v1/sources/${id}`, { feed_url: site.url('/moved.xml') })).json();
    expect(patched.crawl).toMatchObject({ state: 'pending', error_count: 0, last_error: null, next_crawl_at: null });
    const report = (await t.deps.crawler.runDue()).find((r) => r.source_id === id);
    expect(report).toMatchObject({ source_id: id, status: 'completed' });
    expect(site.requestsTo('/moved.xml')).toHaveLength(1);
    expect(site.requestsTo('/moved.xml')[0]!.headers['if-none-match']).toBeUndefined();
  });

  it('honours robots.txt: a disallowed article is not fetched', async () => {
    const [secret] = fixtureArticles(1, { prefix: 'secret', seed: 8 });
    site.addFeed('/robots-test.xml', 'rss2', []);
    site.articles.set(secret!.slug, secret!);
    // The feed links to /private/articles/…, which robots.txt disallows.
    site.overrides.set('/robots-test.xml', (res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>${secret!.title}</title>` +
          `<link>${site.url(`/private/articles/${secret!.slug}`)}</link></item></channel></rss>`,
      );
    });
    const id = await t.createSource({ name: 'Robots', feed_url: site.url('/robots-test.xml') });
    const report = (await t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`)).json();
    expect(report.counts).toMatchObject({ new: 0, failed: 1 });
    expect(report.error).toMatch(/robots/i);
    expect(site.requestsTo(`/private/articles/${secret!.slug}`)).toHaveLength(0);
  });
});

describe('a hanging source', () => {
  let t: TestApp;
  let site: NewsSite;
  let other: NewsSite;
  beforeAll(async () => {
    // Two hosts: one host's requests are serialised by politeness, other hosts' are not.
    site = await NewsSite.start();
    other = await NewsSite.start();
    other.addFeed('/good.xml', 'rss2', fixtureArticles(2, { prefix: 'quick' }));
    site.hang('/hang.xml');
    t = await startTestApp({ env: { ...CRAWL_ENV, CRAWL_FETCH_TIMEOUT_MS: '3000' } });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await other.close();
  });

  it('does not delay another source: the good one is stored while the hanging one still waits', async () => {
    const hanging = await t.createSource({ name: 'Hanging', feed_url: site.url('/hang.xml') });
    const good = await t.createSource({ name: 'Quick', feed_url: other.url('/good.xml') });
    const pass = t.deps.crawler.runDue();
    const state = async (id: string) => (await t.admin('GET', `/admin/v1/sources/${id}`)).json().crawl.state;
    const deadline = Date.now() + 2500;
    while ((await state(good)) !== 'ok' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await state(good)).toBe('ok');
    expect(await state(hanging)).toBe('pending'); // still waiting on its feed
    const reports = await pass;
    expect(reports.find((r) => r.source_id === hanging)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/within 3000 ms/),
    });
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
