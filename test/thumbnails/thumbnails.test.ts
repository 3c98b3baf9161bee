import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageSite, type ImageSite } from '../helpers/image-site.js';
import { downloadLines, runJob } from '../helpers/push.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testBackends } from '../helpers/backends.js';

const CHROME = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const SAFARI = 'image/webp,*/*';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'thumbnails: GET /thumbnails/{content_id} (DESIGN §11) on %s',
  (_name, backend) => {
    let t: TestApp;
    let site: ImageSite;
    let key: string;
    let tenantId: string;
    let sourceId: string;
    let serial = 0;

    /** Ingests an article whose image is `path` on the image site; returns the item as GET /v1/contents shows it. */
    const article = async (path: string, size: { width: number; height: number }) => {
      serial++;
      const id = await t.ingest({
        source_id: sourceId,
        url: `https://news.example/t/${serial}`,
        title: `記事 ${serial}`,
        body: '本文です。',
        thumbnail_url: site.url(path),
        thumbnail_width: size.width,
        thumbnail_height: size.height,
      });
      return (await t.api(key, 'GET', `/v1/contents/${id}`)).json<{
        id: string;
        thumbnail: { url: string; width: number; height: number };
      }>();
    };
    /** A browser's GET: no Authorization, its Accept header. */
    const load = (url: string, accept?: string, headers: Record<string, string> = {}) => {
      const parsed = new URL(url);
      return t.app.inject({
        method: 'GET',
        url: `${parsed.pathname}${parsed.search}`,
        headers: { ...(accept === undefined ? {} : { accept }), ...headers },
      });
    };
    const encodes = async () => sumMetric(await t.deps.metrics.metrics(), 'thumbnails_encoded_total');

    beforeAll(async () => {
      site = await startImageSite();
      t = await startTestApp({ backend, env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
      const tenant = await t.createTenant();
      key = tenant.apiKey;
      tenantId = tenant.tenantId;
      await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/algorithms/main`, { min_trust_level: 1 });
      await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
      sourceId = await t.createSource({ name: 'Photos' });
    });
    afterAll(async () => {
      await t.close();
      await site.close();
    });

    it('items link to the signed proxy with the size of the image served there', async () => {
      const item = await article('/photo.jpg', { width: 1200, height: 800 });
      expect(item.thumbnail).toEqual({
        url: expect.stringMatching(new RegExp(`/thumbnails/${item.id}\\?w=400&v=[\\w-]+&sig=[\\w-]+$`)),
        width: 400,
        height: 267,
      });
      const res = await load(item.thumbnail.url, CHROME);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 267 });
      // The feed shows the same thumbnail.
      t.clock.advance(1000);
      const feedResponse = await t.api(key, 'GET', '/v1/feed?scenario=home&limit=100');
      expect(feedResponse.statusCode, feedResponse.body).toBe(200);
      const feed = feedResponse.json<{ items: { id: string; thumbnail: unknown }[] }>();
      expect(feed.items.find((i) => i.id === item.id)?.thumbnail).toEqual(item.thumbnail);
    });

    it("chooses the format from Accept: Chrome's → AVIF, Safari-like → WebP, */* → JPEG, avif;q=0 → WebP, transparent → PNG", async () => {
      const item = await article('/photo.jpg', { width: 1200, height: 800 });
      const avif = await load(item.thumbnail.url, CHROME);
      expect(avif.headers['content-type']).toBe('image/avif');
      expect(avif.rawPayload.subarray(4, 12).toString('ascii')).toBe('ftypavif');
      expect((await sharp(avif.rawPayload).metadata()).compression).toBe('av1');

      const webp = await load(item.thumbnail.url, SAFARI);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(webp.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');

      const jpeg = await load(item.thumbnail.url, '*/*');
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect([...jpeg.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect((await load(item.thumbnail.url)).headers['content-type']).toBe('image/jpeg'); // no Accept at all

      expect((await load(item.thumbnail.url, 'image/avif;q=0, image/webp')).headers['content-type']).toBe('image/webp');

      const transparent = await article('/alpha.png', { width: 600, height: 400 });
      const png = await load(transparent.thumbnail.url, '*/*');
      expect(png.headers['content-type']).toBe('image/png');
      expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true);
    });

    it('answers with Vary, an immutable Cache-Control and an ETag, and 304 to If-None-Match; no API key, no charge', async () => {
      const item = await article('/photo.jpg', { width: 1200, height: 800 });
      const res = await load(item.thumbnail.url, SAFARI);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['x-credits-used']).toBeUndefined();
      const again = await load(item.thumbnail.url, SAFARI, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // Another format has another ETag: a cached WebP is not revalidated as AVIF.
      expect((await load(item.thumbnail.url, CHROME, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(200);
    });

    it('fetches the original once: repeats and other formats spare the origin; 50 concurrent first requests encode once', async () => {
      const item = await article('/small.jpg', { width: 300, height: 200 });
      const before = site.hits.get('/small.jpg') ?? 0;
      const encodedBefore = await encodes();
      const answers = await Promise.all(Array.from({ length: 50 }, () => load(item.thumbnail.url, CHROME)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      expect(site.hits.get('/small.jpg')! - before).toBe(1);
      expect((await encodes()) - encodedBefore).toBe(1);

      await load(item.thumbnail.url, CHROME);
      await load(item.thumbnail.url, SAFARI);
      await load(item.thumbnail.url, '*/*');
      expect(site.hits.get('/small.jpg')! - before).toBe(1);
    });

    it('never upscales: a 300-px original is served at 300 px, and the item says so', async () => {
      const item = await article('/small.jpg', { width: 300, height: 200 });
      expect(item.thumbnail).toMatchObject({ width: 300, height: 200 });
      for (const accept of [CHROME, SAFARI, '*/*']) {
        const meta = await sharp((await load(item.thumbnail.url, accept)).rawPayload).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 200 });
      }
    });

    it('refuses: altered signature 403, unknown width 400, no thumbnail 404, bad origins and SVG 502, 20,000² px undecoded', async () => {
      const item = await article('/photo.jpg', { width: 1200, height: 800 });
      const altered = new URL(item.thumbnail.url);
      const sig = altered.searchParams.get('sig')!;
      altered.searchParams.set('sig', sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'));
      const forbidden = await load(altered.toString(), CHROME);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.headers['content-type']).toMatch(/problem\+json/);
      const otherItem = new URL(item.thumbnail.url);
      otherItem.pathname = otherItem.pathname.replace(item.id, 'cnt_someoneelse');
      expect((await load(otherItem.toString(), CHROME)).statusCode).toBe(403);
      const width = new URL(item.thumbnail.url);
      width.searchParams.set('w', '1000');
      expect((await load(width.toString(), CHROME)).statusCode).toBe(400);

      // A signed link for content without an image (signed here as the service would).
      const bare = await t.ingest({ source_id: sourceId, url: 'https://news.example/t/bare', title: '画像なし', body: '本文。' });
      const link = t.deps.thumbnailLinks.link(bare, { url: site.url('/photo.jpg'), width: 1200, height: 800 });
      expect((await load(link.url, CHROME)).statusCode).toBe(404);

      const encodedBefore = await encodes();
      for (const [path, detail] of [
        ['/down.jpg', /answered 500/],
        ['/page.html', /not an image/],
        ['/bomb.png', /too large/],
        ['/drawing.svg', /format \(svg\)/],
      ] as const) {
        const broken = await article(path, { width: 1200, height: 800 });
        const res = await load(broken.thumbnail.url, CHROME);
        expect(res.statusCode, path).toBe(502);
        expect(res.json().detail).toMatch(detail);
        expect(res.headers['cache-control']).toBe('public, max-age=300');
        // Not asked again for five minutes, whatever the format.
        const hits = site.hits.get(path);
        expect((await load(broken.thumbnail.url, SAFARI)).statusCode).toBe(502);
        expect(site.hits.get(path)).toBe(hits);
      }
      // Nothing was encoded, and the bomb was not stored: refused from its header.
      expect(await encodes()).toBe(encodedBefore);
      expect(await t.deps.objects.get(`thumbs/${(await article('/bomb.png', { width: 1, height: 1 })).id}/x`)).toBeNull();
    });

    it("a page's wrong image size is corrected: served at the real size (never upscaled), and items then say so", async () => {
      const item = await article('/small.jpg', { width: 1200, height: 800 }); // really 300 × 200
      expect(item.thumbnail).toMatchObject({ width: 400, height: 267 });
      const meta = await sharp((await load(item.thumbnail.url, CHROME)).rawPayload).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 200 });
      expect((await t.api(key, 'GET', `/v1/contents/${item.id}`)).json().thumbnail).toMatchObject({ width: 300, height: 200 });
    });

    it("when an article's image changes, its old thumbnail URL is a 404 and the new one serves the new image", async () => {
      const id = await t.ingest({
        source_id: sourceId,
        url: 'https://news.example/t/changing',
        title: '差し替え',
        body: '本文。',
        thumbnail_url: site.url('/photo.jpg'),
        thumbnail_width: 1200,
        thumbnail_height: 800,
      });
      const before = (await t.api(key, 'GET', `/v1/contents/${id}`)).json().thumbnail.url as string;
      expect((await load(before, CHROME)).statusCode).toBe(200);
      const update = await t.admin('POST', '/admin/v1/contents', {
        source_id: sourceId,
        url: 'https://news.example/t/changing',
        title: '差し替え',
        body: '本文。',
        published_at: new Date(t.clock.now()).toISOString(),
        thumbnail_url: site.url('/small.jpg'),
        thumbnail_width: 300,
        thumbnail_height: 200,
      });
      expect(update.statusCode).toBe(200); // updated in place
      const after = (await t.api(key, 'GET', `/v1/contents/${id}`)).json().thumbnail.url as string;
      expect(after).not.toBe(before);
      expect((await load(before, CHROME)).statusCode).toBe(404);
      const meta = await sharp((await load(after, CHROME)).rawPayload).metadata();
      expect(meta.width).toBe(300);
    });

    it('push candidates carry the thumbnail (url, width, height) and source name GET /v1/contents shows, and the links load', async () => {
      // Only these three are sports, and the push algorithm takes only sports: they are the candidates.
      const pushed: string[] = [];
      for (const [path, width, height] of [
        ['/photo.jpg', 1200, 800],
        ['/small.jpg', 300, 200],
        ['/alpha.png', 600, 400],
      ] as const) {
        serial++;
        pushed.push(
          await t.ingest({
            source_id: sourceId,
            url: `https://news.example/t/${serial}`,
            title: `記事 ${serial}`,
            body: '本文です。',
            category: 'sports',
            thumbnail_url: site.url(path),
            thumbnail_width: width,
            thumbnail_height: height,
          }),
        );
      }
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/sports`, {
        min_trust_level: 1,
        include_categories: ['sports'],
        exploration: 0,
      });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'sports' });
      expect((await t.api(key, 'PUT', '/v1/users/pushed', { properties: {} })).statusCode).toBe(201);
      t.clock.advance(1000);
      const [line] = await downloadLines(
        t,
        await runJob(t, key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ['pushed'] }),
      );
      const candidates = line!.candidates as unknown as {
        id: string;
        thumbnail: { url: string; width: number; height: number };
        source: { id: string; name: string };
      }[];
      expect(candidates.map((c) => c.id).sort()).toEqual([...pushed].sort());
      for (const candidate of candidates) {
        const content = (await t.api(key, 'GET', `/v1/contents/${candidate.id}`)).json();
        expect(candidate.source).toEqual({ id: sourceId, name: 'Photos' });
        expect(candidate.thumbnail).toEqual({
          url: expect.stringMatching(new RegExp(`/thumbnails/${candidate.id}\\?w=\\d+&v=[\\w-]+&sig=[\\w-]+$`)),
          width: expect.any(Number),
          height: expect.any(Number),
        });
        expect(candidate.thumbnail).toEqual(content.thumbnail);
        const image = await load(candidate.thumbnail.url, '*/*');
        expect(image.statusCode).toBe(200);
        const meta = await sharp(image.rawPayload).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({
          width: candidate.thumbnail.width,
          height: candidate.thumbnail.height,
        });
      }
    });
  },
);

function sumMetric(text: string, name: string): number {
  return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);
}
