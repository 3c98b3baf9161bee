import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_ENV } from '../helpers/crawl.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('automatic review of a new source on %s', (_name, backend) => {
  let t: TestApp;
  let site: NewsSite;
  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/fine.xml', 'rss2', fixtureArticles(4, { prefix: 'fine' }));
    site.addFeed('/broken-pages.xml', 'rss2', fixtureArticles(3, { prefix: 'bp', seed: 3 }));
    for (let i = 1; i <= 3; i++) site.missingPages.add(`bp-${i}`);
    t = await startTestApp({ backend, env: CRAWL_ENV });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const trust = async (id: string) => (await t.admin('GET', `/admin/v1/sources/${id}`)).json().trust_level;
  const crawl = (id: string) => t.admin('POST', `/admin/v1/sources/${id}/crawl?wait=true`);

  it('raises an unreviewed source whose first crawl succeeds to AI-reviewed (1); an operator demotion stands', async () => {
    const id = await t.createSource({ name: 'Candidate', trust_level: 0, feed_url: site.url('/fine.xml') });
    await crawl(id);
    expect(await trust(id)).toBe(1);
    await t.admin('PATCH', `/admin/v1/sources/${id}`, { trust_level: 0 });
    site.publish(fixtureArticles(1, { prefix: 'later', seed: 8 })[0]!, '/fine.xml');
    t.clock.advance(300_000);
    expect((await crawl(id)).json().counts.new).toBe(1);
    expect(await trust(id)).toBe(0);
  });

  it('leaves a source whose articles cannot be extracted unreviewed', async () => {
    const id = await t.createSource({ name: 'Broken', trust_level: 0, feed_url: site.url('/broken-pages.xml') });
    expect((await crawl(id)).json().counts).toMatchObject({ new: 0, failed: 3 });
    expect(await trust(id)).toBe(0);
  });

  it('never raises levels an operator set (2, 3) or lowers them', async () => {
    const id = await t.createSource({ name: 'Partner', trust_level: 3, feed_url: site.url('/fine.xml') });
    await crawl(id);
    expect(await trust(id)).toBe(3);
  });
});
