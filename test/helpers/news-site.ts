import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/** An article the fixture site publishes: a page, and an entry in the feeds that list it. */
export interface FixtureArticle {
  slug: string;
  title: string;
  /** Paragraphs of the article's main text. */
  paragraphs: string[];
  publishedAt: Date;
  category?: string;
  /** Its og:image; `declared` puts og:image:width/height in the page, else the crawler must measure. */
  image?: { name: string; width: number; height: number; declared: boolean };
  /** The page's rel=canonical, when it differs from its own URL. */
  canonical?: string;
  lang?: string;
}

export type FeedFormat = 'rss2' | 'atom' | 'rss1';
type Handler = (res: ServerResponse, headers: IncomingHttpHeaders) => void;

/**
 * A news site on loopback for crawl tests: feeds in the three formats with
 * ETag/Last-Modified (304 when unchanged), article pages with Open Graph
 * metadata and boilerplate around the text, real PNG images, robots.txt, and
 * per-path overrides for failures (500, hanging, malformed XML).
 */
export class NewsSite {
  readonly articles = new Map<string, FixtureArticle>();
  readonly feeds = new Map<string, { format: FeedFormat; slugs: string[] }>();
  readonly requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  readonly overrides = new Map<string, Handler>();
  robots = 'User-agent: *\nDisallow: /private/\n';
  /** Articles still listed in feeds whose pages answer 404. */
  readonly missingPages = new Set<string>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<NewsSite> {
    // Assigned once the server listens; requests reach the handler only after that.
    // eslint-disable-next-line prefer-const -- the handler, created first, reads it
    let site: NewsSite | undefined;
    const server = createServer((req, res) => site!.handle(req.url ?? '/', req.headers, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = new NewsSite(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return site;
  }

  publish(article: FixtureArticle, ...feedPaths: string[]): void {
    this.articles.set(article.slug, article);
    for (const path of feedPaths) this.feeds.get(path)!.slugs.unshift(article.slug);
  }

  addFeed(path: string, format: FeedFormat, articles: FixtureArticle[] = []): string {
    this.feeds.set(path, { format, slugs: [] });
    for (const a of [...articles].reverse()) this.publish(a, path);
    return `${this.baseUrl}${path}`;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  requestsTo(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(path: string, headers: IncomingHttpHeaders, res: ServerResponse): void {
    this.requests.push({ path, headers });
    const override = this.overrides.get(path);
    if (override) return override(res, headers);
    if (path === '/robots.txt') return send(res, 200, 'text/plain', this.robots);
    const feed = this.feeds.get(path);
    if (feed)
      return this.sendFeed(
        res,
        headers,
        feed.format,
        feed.slugs.map((s) => this.articles.get(s)!),
      );
    const page = /^\/(?:private\/)?articles\/([\w-]+)$/.exec(path);
    if (page && this.articles.has(page[1]!) && !this.missingPages.has(page[1]!))
      return send(res, 200, 'text/html; charset=utf-8', this.page(this.articles.get(page[1]!)!));
    const image = /^\/images\/(\d+)x(\d+)\.png$/.exec(path);
    if (image) return send(res, 200, 'image/png', png(Number(image[1]), Number(image[2])));
    send(res, 404, 'text/plain', 'not found');
  }

  /** Never answers (a timing-out source); destroyed on close. */
  hang(path: string): void {
    this.overrides.set(path, (res) => this.hanging.add(res));
  }

  private sendFeed(res: ServerResponse, headers: IncomingHttpHeaders, format: FeedFormat, articles: FixtureArticle[]): void {
    const body = renderFeed(format, this.baseUrl, articles);
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const lastModified = new Date(Math.max(0, ...articles.map((a) => a.publishedAt.getTime()))).toUTCString();
    if (headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'last-modified': lastModified });
      return void res.end();
    }
    const type = format === 'atom' ? 'application/atom+xml' : format === 'rss1' ? 'application/rdf+xml' : 'application/rss+xml';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, etag, 'last-modified': lastModified });
    res.end(body);
  }

  private page(a: FixtureArticle): string {
    return articlePage(this.baseUrl, a);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderFeed(format: FeedFormat, base: string, articles: FixtureArticle[]): string {
  const link = (a: FixtureArticle) => `${base}/articles/${a.slug}`;
  const summary = (a: FixtureArticle) => escapeXml(a.paragraphs[0]!.slice(0, 80));
  if (format === 'atom') {
    const entry = (a: FixtureArticle) =>
      `<entry><title>${escapeXml(a.title)}</title><link rel="alternate" href="${link(a)}"/><id>tag:fixture,${a.slug}</id>` +
      `<published>${a.publishedAt.toISOString()}</published><updated>${a.publishedAt.toISOString()}</updated>` +
      `<summary>${summary(a)}</summary>${a.category ? `<category term="${a.category}"/>` : ''}</entry>`;
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Fixture Atom</title><id>${base}/atom</id><updated>${new Date().toISOString()}</updated>
${articles.map(entry).join('\n')}
</feed>`;
  }
  if (format === 'rss1') {
    const item = (a: FixtureArticle) =>
      `<item rdf:about="${link(a)}"><title>${escapeXml(a.title)}</title><link>${link(a)}</link>` +
      `<description>${summary(a)}</description><dc:date>${a.publishedAt.toISOString()}</dc:date>` +
      `${a.category ? `<dc:subject>${a.category}</dc:subject>` : ''}</item>`;
    const namespaces =
      'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/"';
    return `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF ${namespaces}>
<channel rdf:about="${base}/rdf"><title>Fixture RDF</title><link>${base}</link><description>d</description>
<items><rdf:Seq>${articles.map((a) => `<rdf:li rdf:resource="${link(a)}"/>`).join('')}</rdf:Seq></items></channel>
${articles.map(item).join('\n')}
</rdf:RDF>`;
  }
  const item = (a: FixtureArticle) =>
    `<item><title>${escapeXml(a.title)}</title><link>${link(a)}</link><guid>${link(a)}</guid>` +
    `<pubDate>${a.publishedAt.toUTCString()}</pubDate><description>${summary(a)}</description>` +
    `${a.category ? `<category>${a.category}</category>` : ''}</item>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Fixture RSS</title><link>${base}</link><description>d</description><language>ja</language>
${articles.map(item).join('\n')}
</channel></rss>`;
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grayscale PNG of the given size (all black), built by hand so tests need no image library. */
export function png(width: number, height: number): Buffer {
  const chunk = pngChunk;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An article page with Open Graph metadata and the boilerplate of a real news site around the text. */
export function articlePage(baseUrl: string, a: FixtureArticle): string {
  const self = `${baseUrl}/articles/${a.slug}`;
  const image = a.image
    ? `<meta property="og:image" content="${baseUrl}/images/${a.image.width}x${a.image.height}.png">` +
      (a.image.declared
        ? `<meta property="og:image:width" content="${a.image.width}"><meta property="og:image:height" content="${a.image.height}">`
        : '')
    : '';
  return `<!doctype html><html lang="${a.lang ?? 'ja'}"><head><meta charset="utf-8">
<title>${a.title} | フィクスチャ新聞</title>
<meta property="og:title" content="${a.title}">${image}
<link rel="canonical" href="${a.canonical ?? self}">
<meta property="article:published_time" content="${a.publishedAt.toISOString()}">
</head><body>
<header><nav><a href="/">トップ</a> <a href="/news">ニュース</a> <a href="/sports">スポーツ</a></nav></header>
<main><article><h1>${a.title}</h1>${a.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article>
<aside><h2>関連記事</h2><ul><li><a href="/articles/other-1">ほかの記事その一</a></li>\
<li><a href="/articles/other-2">ほかの記事その二</a></li></ul></aside></main>
<footer><p>Copyright フィクスチャ新聞. 無断転載を禁じます。</p></footer>
</body></html>`;
}
