import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { CRAWL_ENV } from '../helpers/crawl.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('crawl results that stay true, on %s', (_name, backend) => {
  let t: TestApp;
  let site: NewsSite;
  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/feed.xml', 'rss2', fixtureArticles(3, { prefix: 'h' }));
    t = await startTestApp({ backend, env: CRAWL_ENV });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const crawl = async (sourceId: string) => (await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`)).json();
  const crawls = async (sourceId: string) => (await t.admin('GET', `/admin/v1/sources/${sourceId}/crawls`)).json().crawls;
  const lastResult = async (sourceId: string) => (await t.admin('GET', `/admin/v1/sources/${sourceId}`)).json().crawl.last_result;

  it('keeps the last result that found something when a crawl finds nothing new, and every crawl in the history', async () => {
    const sourceId = await t.createSource({ feed_url: site.url('/feed.xml') });
    const first = await crawl(sourceId);
    const firstAt = new Date(t.clock.now()).toISOString();
    expect(first).toMatchObject({ status: 'completed', crawled_by: 'this_request', counts: { new: 3 } });
    expect(first.recent_crawls).toEqual([{ at: firstAt, status: 'completed', not_modified: false, counts: first.counts, error: null }]);

    t.clock.advance(300_000);
    const quiet = await crawl(sourceId);
    expect(quiet).toMatchObject({ not_modified: true, counts: { new: 0, updated: 0 } });
    // The quiet crawl is the newest of the history; the source still shows what the first found.
    expect(quiet.recent_crawls.map((c: any) => [c.not_modified, c.counts.new])).toEqual([
      [true, 0],
      [false, 3],
    ]);
    expect(await lastResult(sourceId)).toMatchObject({ new: 3, not_modified: false, at: firstAt });

    // A failure is a result: it replaces the last one, with its error in the history.
    site.overrides.set('/feed.xml', (res) => res.writeHead(500).end());
    t.clock.advance(300_000);
    expect(await crawl(sourceId)).toMatchObject({ status: 'failed', error: expect.stringMatching(/HTTP 500/) });
    expect(await lastResult(sourceId)).toMatchObject({ new: 0, at: new Date(t.clock.now()).toISOString() });
    expect((await crawls(sourceId))[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/HTTP 500/) });
    site.overrides.delete('/feed.xml');
  });

  it('keeps the 20 newest crawls of a source', async () => {
    const sourceId = await t.createSource({ name: 'Often', feed_url: site.url('/feed.xml') });
    for (let i = 0; i < 22; i++) {
      await crawl(sourceId);
      t.clock.advance(1000);
    }
    const kept = await crawls(sourceId);
    expect(kept).toHaveLength(20);
    expect(kept.at(-1).not_modified).toBe(true);
    expect(kept.map((c: any) => c.at)).toEqual([...kept.map((c: any) => c.at)].sort().reverse());
    // Older ones are deleted, not only left unlisted.
    const stored = await sql<{ n: number }>`select count(*) as n from crawl_history where source_id = ${sourceId}`.execute(t.deps.db);
    expect(Number(stored.rows[0]!.n)).toBe(20);
  });

  it('reports the crawl another worker was doing when asked to crawl and wait', async () => {
    // A second node on the same database: its crawl of a slow feed holds the source.
    const other = await startTestApp({ backend, env: CRAWL_ENV, database: { url: t.databaseUrl, drop: async () => {} }, clock: t.clock });
    try {
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      site.overrides.set('/slow.xml', (res) => void held.then(() => res.writeHead(500).end()));
      const sourceId = await t.createSource({ name: 'Slow', feed_url: site.url('/slow.xml') });
      const byOther = other.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
      await until('the other node to fetch the feed', async () => (site.requestsTo('/slow.xml').length > 0 ? true : undefined), 10_000, 5);

      const asked = t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
      await until(
        'the request to wait for the other crawl',
        async () => (t.logs.some((l) => l.includes('waiting for the crawl of another worker')) ? true : undefined),
        10_000,
        5,
      );
      answer();
      const report = (await asked).json();
      expect(report).toMatchObject({
        source_id: sourceId,
        status: 'failed',
        crawled_by: 'another_worker',
        error: expect.stringMatching(/HTTP 500/),
      });
      expect(report.recent_crawls).toHaveLength(1);
      expect((await byOther).json()).toMatchObject({ status: 'failed', crawled_by: 'this_request' });
      // Only the other node fetched the feed.
      expect(site.requestsTo('/slow.xml')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
