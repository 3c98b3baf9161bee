import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/extract/decode-text.js';
import { FeedParseError, parseFeed, type FeedEntry } from '../../src/extract/parse-feed.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const at = (iso: string): number => Date.parse(iso);

function byUrl(entries: FeedEntry[], url: string): FeedEntry {
  const entry = entries.find((e) => e.url === url);
  if (entry === undefined) throw new Error(`no entry ${url} in ${entries.map((e) => e.url).join(', ')}`);
  return entry;
}

describe('parseFeed: RSS 2.0', () => {
  const feed = parseFeed(fixture('rss2.xml'), 'https://news.example.jp/rss/top.xml');

  it('reads the channel', () => {
    expect(feed).toMatchObject({ format: 'rss2', title: 'テスト新聞 & ニュース', language: 'ja-jp' });
  });

  it('keeps items with an http(s) link, from <link> or a permalink <guid>, in order', () => {
    expect(feed.entries.map((e) => e.url)).toEqual([
      'https://news.example.jp/article/4597641/',
      'https://news.example.jp/article/4601248/?from=rss&utm_source=feed',
      'https://news.example.jp/article/4700000/',
      'https://news.example.jp/article/4800000/',
    ]);
  });

  it('reads an item with CDATA, entities, categories, enclosure and a +0900 date', () => {
    expect(byUrl(feed.entries, 'https://news.example.jp/article/4597641/')).toEqual({
      key: 'news-4597641',
      url: 'https://news.example.jp/article/4597641/',
      title: '秋山成勲、吉田に対戦迫った & 「ASTRA」発表',
      summary: '今月8日、都内ホテルで引退試合興行の開催が発表された。 続きは本文で…',
      publishedAt: at('2010-02-10T01:50:00Z'),
      updatedAt: null,
      categories: ['スポーツ', '格闘技'],
      imageUrl: 'https://img.example.jp/4597641/main.jpg',
    });
  });

  it('reads a JST date, keys by link without guid, skips audio enclosures for media:thumbnail', () => {
    const entry = byUrl(feed.entries, 'https://news.example.jp/article/4601248/?from=rss&utm_source=feed');
    expect(entry.key).toBe(entry.url);
    expect(entry.publishedAt).toBe(at('2010-02-11T00:00:00Z'));
    expect(entry.imageUrl).toBe('https://img.example.jp/4601248/thumb.jpg');
  });

  it('resolves relative links and content images, reads dc:date and dc:subject', () => {
    const entry = byUrl(feed.entries, 'https://news.example.jp/article/4700000/');
    expect(entry).toMatchObject({
      publishedAt: at('2010-02-11T23:30:00Z'),
      categories: ['経済'],
      summary: '円相場が動いた。',
      imageUrl: 'https://news.example.jp/img/4700000.png',
    });
  });
});

describe('parseFeed: RSS 1.0 (RDF)', () => {
  const feed = parseFeed(fixture('rss1.rdf'), 'https://blog.example.jp/index.rdf');

  it('reads items beside the channel, with Dublin Core under any prefix', () => {
    expect(feed).toMatchObject({ format: 'rss1', title: '地域ブログ', language: 'ja' });
    expect(feed.entries).toEqual([
      {
        key: 'https://blog.example.jp/entry/1',
        url: 'https://blog.example.jp/entry/1',
        title: '府中市で祭りが開かれた',
        summary: '毎年恒例の祭りに多くの人が訪れた。',
        publishedAt: at('2024-03-01T01:50:00Z'),
        updatedAt: null,
        categories: ['地域', 'イベント'],
        imageUrl: 'https://blog.example.jp/img/festival.jpg',
      },
      {
        key: 'https://blog.example.jp/entry/2',
        url: 'https://blog.example.jp/entry/2',
        title: '新宿駅の工事が完了',
        summary: null,
        publishedAt: at('2024-03-02T00:00:00Z'),
        updatedAt: null,
        categories: [],
        imageUrl: null,
      },
    ]);
  });
});

describe('parseFeed: Atom', () => {
  const feed = parseFeed(fixture('atom.xml'), 'https://tech.example.jp/feeds/atom.xml');

  it('reads the feed and skips entries without an alternate link', () => {
    expect(feed).toMatchObject({ format: 'atom', title: '技術ブログ', language: 'ja-jp' });
    expect(feed.entries.map((e) => e.key)).toEqual(['tag:tech.example.jp,2024:entry-1', 'tag:tech.example.jp,2024:entry-2']);
  });

  it('takes the HTML rel=alternate link (not self, edit or JSON) against xml:base', () => {
    expect(feed.entries[0]).toEqual({
      key: 'tag:tech.example.jp,2024:entry-1',
      url: 'https://tech.example.jp/blog/entries/1',
      title: 'TypeScript 5.9 を試す',
      summary: '新しい型チェッカーを 試した。',
      publishedAt: at('2024-03-01T00:00:00Z'),
      updatedAt: at('2024-03-04T03:30:00Z'),
      categories: ['プログラミング', 'typescript'],
      imageUrl: 'https://tech.example.jp/blog/images/ts.png',
    });
  });

  it('uses an entry xml:base, a rel-less link, updated as published, xhtml text in order, image enclosure', () => {
    expect(feed.entries[1]).toMatchObject({
      url: 'https://other.example.jp/sub/page',
      title: '渋谷駅の再開発',
      summary: '再開発が進む。',
      publishedAt: at('2024-03-03T00:00:00Z'),
      updatedAt: at('2024-03-03T00:00:00Z'),
      imageUrl: 'https://other.example.jp/img/shibuya.png',
    });
  });

  it('reads a feed whose Atom elements carry a prefix', () => {
    const xml =
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>P</a:title>' +
      '<a:entry><a:id>e1</a:id><a:link href="/1"/><a:title>t</a:title></a:entry></a:feed>';
    expect(parseFeed(xml, 'https://x.example.jp/feed')).toMatchObject({
      format: 'atom',
      title: 'P',
      entries: [{ key: 'e1', url: 'https://x.example.jp/1' }],
    });
  });
});

describe('parseFeed: what real servers send', () => {
  it('accepts a leading BOM and whitespace before the XML declaration', () => {
    const xml = '\uFEFF\n  ' + fixture('rss2.xml');
    expect(parseFeed(xml, 'https://news.example.jp/rss/top.xml').entries).toHaveLength(4);
  });

  it('reads an EUC-JP feed once decoded', () => {
    const xml = decodeText(readFileSync(new URL('./fixtures/euc-jp.xml', import.meta.url)));
    expect(parseFeed(xml, 'https://e.jp/rss').entries[0]).toMatchObject({ title: '府中市で祭り', summary: '毎年恒例の祭り。' });
  });

  it('reads HTML entities and decodes double-escaped ones once', () => {
    const xml = '<rss><channel><item><title>A&nbsp;&amp;amp;&#x3042;&hellip;</title><link>https://e.jp/1</link></item></channel></rss>';
    expect(parseFeed(xml, 'https://e.jp/rss').entries[0]?.title).toBe('A &あ…');
  });
});

describe('parseFeed: errors', () => {
  const parse = (xml: string) => () => parseFeed(xml, 'https://e.jp/feed');

  it('names the root element of an HTML page served as a feed', () => {
    const html =
      '<!DOCTYPE html>\n<html lang="ja"><head><meta charset=utf-8><title>404</title></head><body><p>見つかりません</body></html>';
    expect(parse(html)).toThrow(FeedParseError);
    expect(parse(html)).toThrow('not RSS or Atom: root element <html>');
    expect(parse('<?xml version="1.0"?><urlset><url/></urlset>')).toThrow('not RSS or Atom: root element <urlset>');
    expect(parse('')).toThrow('not RSS or Atom: the document is empty');
    expect(parse('{"items":[]}')).toThrow('not RSS or Atom: no XML root element');
  });

  it('reports malformed XML with its position', () => {
    const xml = '<?xml version="1.0"?>\n<rss version="2.0"><channel>\n<item><title>a</item></channel></rss>';
    expect(parse(xml)).toThrow(FeedParseError);
    expect(parse(xml)).toThrow(/^malformed XML at line 3, column \d+: Expected closing tag 'title'/);
  });

  it('reports a truncated document', () => {
    expect(parse('<rss><channel><item><title>a</title>')).toThrow(
      'malformed XML: the document ends before <rss>, <channel>, <item> are closed (truncated?)',
    );
  });

  it('refuses entity expansion bombs and external entities', () => {
    // The expansion limit is what stops the bomb (its message says so); no clock is read.
    const bomb =
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "${'lol'.repeat(3000)}">]>` +
      `<rss><channel><title>${'&lol;'.repeat(5000)}</title></channel></rss>`;
    expect(parse(bomb)).toThrow(/^unreadable XML: .*limit exceeded/);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><title>&xxe;</title></channel></rss>';
    expect(parse(xxe)).toThrow(FeedParseError);
  });
});
