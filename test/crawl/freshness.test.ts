import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CRAWL_ENV } from '../helpers/crawl.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'freshness: from appearing in a feed to servable on %s',
  (_name, backend) => {
    let t: TestApp;
    let site: NewsSite;
    beforeAll(async () => {
      site = await NewsSite.start();
      t = await startTestApp({ backend, env: CRAWL_ENV });
    });
    afterAll(async () => {
      await t.close();
      await site.close();
    });

    const histogram = async () => {
      const text = (await t.app.inject('/metrics')).body;
      return {
        count: Number(/^content_freshness_seconds_count (\S+)$/m.exec(text)?.[1]),
        sum: Number(/^content_freshness_seconds_sum (\S+)$/m.exec(text)?.[1]),
      };
    };

    it('measures new items of later polls (not the backlog of the first) and exports the histogram', async () => {
      const start = t.clock.now();
      site.addFeed('/feed.xml', 'rss2', fixtureArticles(3, { publishedAt: new Date(start - 3_600_000) }));
      const sourceId = await t.createSource({ feed_url: site.url('/feed.xml'), crawl_interval_seconds: 30 });
      await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
      expect(await histogram()).toEqual({ count: 0, sum: 0 });

      // Published 10 s after the first poll; polled 30 s after it: 20 s to servable.
      const [fresh] = fixtureArticles(1, { prefix: 'fresh', seed: 4, publishedAt: new Date(start + 10_000) });
      site.publish(fresh!, '/feed.xml');
      t.clock.advance(30_000);
      const report = (await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`)).json();
      expect(report.counts.new).toBe(1);
      expect(await histogram()).toEqual({ count: 1, sum: 20 });

      // Back-dated (published before the previous poll): counted from the previous poll, 30 s.
      const [late] = fixtureArticles(1, { prefix: 'late', seed: 5, publishedAt: new Date(start - 86_400_000) });
      site.publish(late!, '/feed.xml');
      t.clock.advance(30_000);
      await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
      expect(await histogram()).toEqual({ count: 2, sum: 50 });
    });
  },
);
