import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import { lazyRequire } from '../lib/lazy-require.js';
import type { InProcessRequest, InProcessResponse, InProcessSite } from '../fetch/in-process-site.js';
import type { Clock } from '../lib/clock.js';
import { demoArticle } from './corpus.js';
import { renderArticle, renderFeed, renderImageSvg } from './demo-pages.js';
import { DEMO_HOST, DEMO_ORIGIN, demoSource, listedArticles, publishedAt, type DemoSource } from './demo-sources.js';

/** Only a demo node draws images (lib/lazy-require.ts). */
const lazySharp = lazyRequire<typeof Sharp>('sharp');
const sharp = (...args: Parameters<typeof Sharp>) => lazySharp()(...args);

const ROBOTS = 'User-agent: *\nAllow: /\n';

/**
 * The built-in demo news site at https://demo.content-feed.invalid, answered in
 * this process (src/fetch/in-process-site.ts): a feed per source, article
 * pages and their pictures. Articles appear on the schedule of demo-sources.ts
 * as the clock moves, and are never served before they are published. Feeds
 * answer conditional GETs like a real server, so re-polls cost a 304.
 */
export class DemoSite implements InProcessSite {
  readonly hostname = DEMO_HOST;

  constructor(private readonly clock: Clock) {}

  async respond(request: InProcessRequest): Promise<InProcessResponse> {
    const path = request.url.pathname;
    if (path === '/robots.txt') return text(200, 'text/plain; charset=utf-8', ROBOTS);
    const feed = /^\/feeds\/([a-z]+)\.xml$/.exec(path);
    if (feed) return this.#feed(demoSource(feed[1]!), request.headers);
    const page = /^\/([a-z]+)\/(\d{1,9})\.html$/.exec(path);
    if (page) return this.#article(demoSource(page[1]!), Number(page[2]));
    const image = /^\/images\/([a-z]+)\/(\d{1,9})\.png$/.exec(path);
    if (image) return this.#image(demoSource(image[1]!), Number(image[2]));
    return notFound();
  }

  #feed(source: DemoSource | undefined, headers: Record<string, string>): InProcessResponse {
    if (!source) return notFound();
    const now = this.clock.now();
    const numbers = listedArticles(source, now);
    const etag = `"${source.key}-${numbers[0] ?? 'empty'}"`;
    const lastModified = new Date(numbers.length > 0 ? publishedAt(source, numbers[0]!) : 0).toUTCString();
    if (headers['if-none-match'] === etag) return { status: 304, headers: { etag, 'last-modified': lastModified }, body: Buffer.alloc(0) };
    const items = numbers.map((n) => ({ n, publishedAt: publishedAt(source, n), article: demoArticle(source, n) }));
    const response = text(200, 'application/rss+xml; charset=utf-8', renderFeed(source, items, DEMO_ORIGIN));
    return { ...response, headers: { ...response.headers, etag, 'last-modified': lastModified } };
  }

  #article(source: DemoSource | undefined, n: number): InProcessResponse {
    if (!source || !this.#isPublished(source, n)) return notFound();
    return text(200, 'text/html; charset=utf-8', renderArticle(source, n, publishedAt(source, n), demoArticle(source, n)));
  }

  async #image(source: DemoSource | undefined, n: number): Promise<InProcessResponse> {
    if (!source || !this.#isPublished(source, n)) return notFound();
    const png = await sharp(Buffer.from(renderImageSvg(demoArticle(source, n).category, n)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    const etag = `"${createHash('sha256').update(png).digest('base64url').slice(0, 16)}"`;
    return { status: 200, headers: { 'content-type': 'image/png', 'content-length': String(png.length), etag }, body: png };
  }

  #isPublished(source: DemoSource, n: number): boolean {
    return n >= 0 && publishedAt(source, n) <= this.clock.now();
  }
}

function text(status: number, contentType: string, body: string): InProcessResponse {
  const bytes = Buffer.from(body, 'utf8');
  return { status, headers: { 'content-type': contentType, 'content-length': String(bytes.length) }, body: bytes };
}

function notFound(): InProcessResponse {
  return text(404, 'text/plain; charset=utf-8', 'Not Found\n');
}
