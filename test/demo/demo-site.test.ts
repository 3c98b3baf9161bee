import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoSite } from '../../src/demo/demo-site.js';
import { DEMO_ORIGIN, demoSource, latestArticle, publishedAt } from '../../src/demo/demo-sources.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const shimbun = demoSource('shimbun')!;
const tech = demoSource('tech')!;

describe('the demo news site (answered in process)', () => {
  const clock = new ManualClock();
  const site = new DemoSite(clock);
  const get = (path: string, headers: Record<string, string> = {}) => site.respond({ url: new URL(path, DEMO_ORIGIN), headers });

  it('allows crawling, lists the published articles newest first, and answers a conditional GET with 304', async () => {
    expect((await get('/robots.txt')).body.toString()).toBe('User-agent: *\nAllow: /\n');
    const feed = await get('/feeds/shimbun.xml');
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const links = [...feed.body.toString().matchAll(/<link>(https:[^<]+\.html)<\/link>/g)].map((m) => m[1]);
    const latest = latestArticle(shimbun, clock.now());
    expect(links).toHaveLength(shimbun.listed);
    expect(links[0]).toBe(`${DEMO_ORIGIN}/shimbun/${latest}.html`);
    expect(links.at(-1)).toBe(`${DEMO_ORIGIN}/shimbun/${latest - shimbun.listed + 1}.html`);
    expect((await get('/feeds/shimbun.xml', { 'if-none-match': feed.headers.etag! })).status).toBe(304);

    clock.set(publishedAt(shimbun, latest + 1));
    const next = await get('/feeds/shimbun.xml', { 'if-none-match': feed.headers.etag! });
    expect(next.status).toBe(200);
    expect(next.body.toString()).toContain(`${DEMO_ORIGIN}/shimbun/${latest + 1}.html`);
  });

  it('never serves an article or its picture before it is published, and is the same in every process', async () => {
    const latest = latestArticle(shimbun, clock.now());
    const page = await get(`/shimbun/${latest}.html`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<meta property="og:image:width" content="800">');
    expect((await get(`/shimbun/${latest + 1}.html`)).status).toBe(404);
    expect((await get(`/images/shimbun/${latest + 1}.png`)).status).toBe(404);
    const image = await get(`/images/shimbun/${latest}.png`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.subarray(1, 4).toString()).toBe('PNG');
    expect(
      (await new DemoSite(clock).respond({ url: new URL(`/shimbun/${latest}.html`, DEMO_ORIGIN), headers: {} })).body.equals(page.body),
    ).toBe(true);
    expect((await get('/nothing/1.html')).status).toBe(404);
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'crawling the demo site through the real pipeline on %s',
  (_name, backend) => {
    let t: TestApp;
    let apiKey: string;
    const crawl = async (sourceId: string) => (await t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`)).json();

    beforeAll(async () => {
      // The default environment: private networks refused and a 1 s politeness delay
      // per host. The demo site needs neither exception (80 pages at 1 s would time out).
      t = await startTestApp({ backend });
      const tenant = await t.createTenant({ plan: 'enterprise' });
      apiKey = tenant.apiKey;
      const tenantId = tenant.tenantId;
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/all`, {
        languages: ['ja', 'en'],
        min_trust_level: 0,
        max_age_hours: 24 * 7,
      });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/news`, { type: 'feed', algorithm_id: 'all' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('stores every listed article, analysed: language, category from the section, places, thumbnail size', async () => {
      const ja = await t.createSource({ feed_url: `${DEMO_ORIGIN}/feeds/shimbun.xml`, trust_level: 3 });
      const en = await t.createSource({ feed_url: `${DEMO_ORIGIN}/feeds/tech.xml`, trust_level: 2 });
      expect(await crawl(ja)).toMatchObject({ status: 'completed', counts: { new: shimbun.listed, duplicate: 0, failed: 0 } });
      expect(await crawl(en)).toMatchObject({ status: 'completed', counts: { new: tech.listed, duplicate: 0, failed: 0 } });

      const feed = (await t.api(apiKey, 'GET', '/v1/feed?scenario=news&limit=100')).json();
      const fromJa = feed.items.filter((i: { source: { id: string } }) => i.source.id === ja);
      const fromEn = feed.items.filter((i: { source: { id: string } }) => i.source.id === en);
      expect(fromJa.length).toBeGreaterThan(0);
      expect(fromEn.length).toBeGreaterThan(0);
      expect(new Set(fromJa.map((i: { language: string }) => i.language))).toEqual(new Set(['ja']));
      expect(new Set(fromEn.map((i: { language: string }) => i.language))).toEqual(new Set(['en']));
      for (const item of fromJa) expect(shimbun.categories).toContain(item.category);
      for (const item of fromEn) expect(tech.categories).toContain(item.category);
      expect(fromJa.filter((i: { areas: string[] }) => i.areas.length > 0).length).toBeGreaterThan(fromJa.length / 2);
      expect(feed.items[0].thumbnail).toMatchObject({ width: 400, height: 225 });

      const thumbnail = await t.app.inject({
        method: 'GET',
        url: new URL(feed.items[0].thumbnail.url).pathname + new URL(feed.items[0].thumbnail.url).search,
        headers: { accept: 'image/webp' },
      });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
    });

    it('publishes on schedule: a re-poll before the next article is a 304, after it exactly one new article', async () => {
      const sources = (await t.admin('GET', '/admin/v1/sources')).json().sources as { id: string; feed_url: string }[];
      const ja = sources.find((s) => s.feed_url.endsWith('/shimbun.xml'))!.id;
      expect(await crawl(ja)).toMatchObject({ not_modified: true, counts: { new: 0 } });
      t.clock.set(publishedAt(shimbun, latestArticle(shimbun, t.clock.now()) + 1));
      expect(await crawl(ja)).toMatchObject({
        status: 'completed',
        not_modified: false,
        counts: { new: 1, failed: 0, unchanged: shimbun.listed - 1 },
      });
    });
  },
);
