import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { describe, expect, it, vi } from 'vitest';
import { decodeText } from '../../src/extract/decode-text.js';
import { extractArticle, extractArticleWithPath } from '../../src/extract/extract-article.js';
import { newsPage } from './fixtures/news-page.js';

const PAGE_URL = 'https://news.example.jp/article/detail/4597641/';
const TITLE = '秋山成勲、メールで吉田に対戦迫った!?';
const STORY = [
  '今月8日、都内ホテルでは、総合格闘家・吉田秀彦の引退試合興行「ASTRA」の開催が発表された。',
  'バルセロナ五輪柔道金メダリストとしての実績を引っさげ、2002年にプロ総合格闘家に転向。以後、数々の死闘を繰り広げてきた吉田。昨年大晦日には金メダリスト対決を制し、4月に迎える引退試合の相手には様々な名前が挙がっている。',
  '会見翌日の9日に更新された秋山成勲オフィシャルブログでは、「吉田秀彦対秋山成勲」と題し、「常に憧れ目標にしてきた吉田先輩が引退。正直寂しい気持ちはありますが、ほんまにお疲れ様でした！」と書き綴った。',
  'もちろん、階級が違う上、秋山は米国の団体を主戦場にしている現状、対戦することはまずない。それでも、我が道を行く秋山だけに、案外本気に考えていた可能性もなきにしもあらず——。',
];
const STORY_HTML = STORY.map((p) => `<p>${p}</p>`).join('');
/** A bare page around `body`. */
const bodyPage = (body: string) => `<html><head><title>t</title></head><body>${body}</body></html>`;
const FULL_HEAD = `
<meta property="og:site_name" content="ライブドアニュース">
<meta property="og:title" content="${TITLE}">
<meta property="og:description" content="総合格闘家・吉田秀彦の引退試合興行の開催が発表された。">
<meta property="og:url" content="https://news.example.jp/og-url/4597641/">
<meta property="og:image" content="/img/4597641/ogp.jpg">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="article:published_time" content="2010-02-10T10:50:00+09:00">
<meta property="article:section" content="スポーツ">
<meta property="article:tag" content="格闘技">
<meta property="article:tag" content="柔道">
<meta name="keywords" content="秋山成勲、吉田秀彦, 柔道">
<link rel="canonical" href="/article/detail/4597641/">`;

// Words that appear only in the generated page's navigation, sidebars, related links,
// comments and footer.
const BOILERPLATE = [
  'ニュースを検索',
  'ログイン',
  'アクセスランキング',
  '関連ニュース',
  '日銀、金融政策の据え置き',
  '読者コメント',
  'コメントをもっと見る',
  '利用規約',
  'All Rights Reserved',
  'LINEで送る',
  '注目のトピックス',
];

function expectStoryOnly(text: string): void {
  // A dateline beside an unmarked story is kept, as Readability keeps it.
  expect(text.split('\n').filter((line) => !/^\d{4}年\d+月\d+日 \d+時\d+分$/.test(line))).toEqual(STORY);
  for (const word of BOILERPLATE) expect(text).not.toContain(word);
}

describe('extractArticle: main text', () => {
  it.each([
    ['<article>', 'article', 'article'],
    ['itemprop="articleBody"', 'itemprop', 'itemprop'],
    ['unmarked <div>s (Readability)', 'div', 'readability'],
  ] as const)('finds the story in %s and leaves the boilerplate out', (_name, markup, path) => {
    const html = newsPage({ title: TITLE, paragraphs: STORY, markup, head: FULL_HEAD, pageUrl: PAGE_URL });
    expect(Buffer.byteLength(html)).toBeGreaterThan(20_000);
    const article = extractArticleWithPath(html, PAGE_URL);
    expect(article.path).toBe(path);
    expectStoryOnly(article.text);
  });

  it('takes the JSON-LD articleBody when the page marks no article', () => {
    const body = STORY.join('\n');
    const graph = [{ '@type': 'WebPage' }, { '@type': 'NewsArticle', headline: TITLE, articleBody: body }];
    const head = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script>`;
    const article = extractArticleWithPath(newsPage({ title: TITLE, paragraphs: STORY, markup: 'div', head }), PAGE_URL);
    expect(article.path).toBe('json-ld');
    expect(article.text).toBe(body);
  });

  it('reads a short story on a page heavy with comments and menus from its <article>', () => {
    const short = [
      '東京都内で桜が開花した。気象庁によると、平年より5日早く、昨年より2日遅い開花となった。靖国神社の標本木で5輪以上の花が確認された。',
    ];
    const article = extractArticleWithPath(newsPage({ title: '桜が開花', paragraphs: short, markup: 'article' }), PAGE_URL);
    expect(article.path).toBe('article');
    expect(article.text).toBe(short[0]);
  });

  it('does not take a related-story <article> card for the story', () => {
    const cards = Array.from(
      { length: 3 },
      (_, i) => `<article class="card"><a href="/a/${i}">関連記事のカード${i}です。</a></article>`,
    ).join('');
    const html = bodyPage(`<div class="main"><div class="text">${STORY_HTML}</div></div><div class="cards">${cards}</div>`);
    const article = extractArticleWithPath(html, PAGE_URL);
    expect(article.path).toBe('readability');
    expect(article.text.split('\n')).toEqual(STORY);
  });

  it('handles a page without <head> and one whose text sits in a container named like boilerplate', () => {
    const bare = `<div>${STORY_HTML}</div>`;
    expect(extractArticle(bare, PAGE_URL).text.split('\n')).toEqual(STORY);
    const oddlyNamed = bodyPage(`<div class="comment-free-area">${STORY_HTML}</div>`);
    expect(extractArticle(oddlyNamed, PAGE_URL).text.split('\n')).toEqual(STORY);
  });

  it('reads a hostile page nested 2,000 elements deep without Readability (which takes minutes on it)', () => {
    const depth = 2000;
    const html = bodyPage(`${'<div>'.repeat(depth)}${STORY_HTML}${'</div>'.repeat(depth)}`);
    // Observed, not timed: the page is read as block text, Readability never walks it.
    const readability = vi.spyOn(Readability.prototype, 'parse');
    try {
      expect(extractArticle(html, PAGE_URL).text.split('\n')).toEqual(STORY);
      expect(readability).not.toHaveBeenCalled();
      // The same story 10 deep is Readability's to read: the spy sees it.
      extractArticle(bodyPage(`${'<div>'.repeat(10)}${STORY_HTML}${'</div>'.repeat(10)}`), PAGE_URL);
      expect(readability).toHaveBeenCalled();
    } finally {
      readability.mockRestore();
    }
  });

  it('decodes and extracts a Shift_JIS page', () => {
    const html = decodeText(readFileSync(new URL('./fixtures/shift_jis.html', import.meta.url)), 'text/html');
    const article = extractArticle(html, 'https://www.example.jp/page.html');
    expect(article.title).toBe('日本語のページ｜テスト');
    expect(article.text).toBe('表示ソフト「ソ」と「表」は 0x5C を含む。東京都千代田区。');
    expect(article.language).toBe('ja');
  });
});

describe('extractArticle: metadata', () => {
  const page = (head: string, markup: 'article' | 'div' = 'article', title = TITLE): string =>
    newsPage({ title, paragraphs: STORY, markup, head, pageUrl: PAGE_URL });

  it('reads Open Graph, article:* and keywords', () => {
    const article = extractArticle(page(FULL_HEAD), PAGE_URL);
    expect(article).toMatchObject({
      title: TITLE,
      description: '総合格闘家・吉田秀彦の引退試合興行の開催が発表された。',
      canonicalUrl: 'https://news.example.jp/article/detail/4597641/',
      image: { url: 'https://news.example.jp/img/4597641/ogp.jpg', width: 1200, height: 630 },
      publishedAt: Date.parse('2010-02-10T01:50:00Z'),
      language: 'ja',
      section: 'スポーツ',
      tags: ['格闘技', '柔道', '秋山成勲', '吉田秀彦'],
    });
  });

  it('strips the site name from <title> when og:site_name names it, and only then', () => {
    const withSite = (title: string) =>
      extractArticle(
        page('<meta property="og:site_name" content="livedoor ニュース">', 'article', title).replace(
          /<title>.*<\/title>/,
          `<title>${title}</title>`,
        ),
        PAGE_URL,
      ).title;
    expect(withSite('記事の題 - livedoor ニュース')).toBe('記事の題');
    expect(withSite('記事の題｜livedoor ニュース')).toBe('記事の題');
    expect(withSite('livedoor ニュース | 記事の題')).toBe('記事の題');
    expect(withSite('記事の題 - 別のサイト')).toBe('記事の題 - 別のサイト');
    expect(extractArticle(page('', 'article', '記事の題'), PAGE_URL).title).toBe('記事の題 - ライブドアニュース');
  });

  it('prefers og:title, and falls back to og:url for the canonical URL', () => {
    const article = extractArticle(
      page('<meta property="og:title" content="OGの題"><meta property="og:url" content="https://news.example.jp/x/1">'),
      PAGE_URL,
    );
    expect(article.title).toBe('OGの題');
    expect(article.canonicalUrl).toBe('https://news.example.jp/x/1');
    expect(extractArticle(page('<link rel="canonical" href="javascript:alert(1)">'), PAGE_URL).canonicalUrl).toBeNull();
  });

  it('reports og:image without dimensions, prefers an https secure_url, falls back to twitter:image', () => {
    expect(extractArticle(page('<meta property="og:image" content="https://img.example.jp/a.jpg">'), PAGE_URL).image).toEqual({
      url: 'https://img.example.jp/a.jpg',
      width: null,
      height: null,
    });
    expect(
      extractArticle(
        page(
          '<meta property="og:image" content="http://img.example.jp/a.jpg">' +
            '<meta property="og:image:secure_url" content="https://img.example.jp/a.jpg"><meta property="og:image:width" content="0">',
        ),
        PAGE_URL,
      ).image,
    ).toEqual({ url: 'https://img.example.jp/a.jpg', width: null, height: null });
    expect(
      extractArticle(
        page('<meta property="og:image" content="data:image/png;base64,AAAA"><meta name="twitter:image" content="/tw.png">'),
        PAGE_URL,
      ).image,
    ).toEqual({ url: 'https://news.example.jp/tw.png', width: null, height: null });
    expect(extractArticle(page(''), PAGE_URL).image).toBeNull();
  });

  describe('published time, from each source in order', () => {
    const jsonLd =
      '<script type="application/ld+json">' +
      '[{"@type":"BreadcrumbList"},{"@type":["NewsArticle"],"datePublished":"2010-02-11T08:00:00+09:00"}]</script>';
    const at = (head: string, markup: 'article' | 'div' = 'article') => extractArticle(page(head, markup), PAGE_URL).publishedAt;

    it('article:published_time first', () => {
      expect(at(`<meta property="article:published_time" content="2010-02-10T10:50:00+09:00">${jsonLd}`)).toBe(
        Date.parse('2010-02-10T01:50:00Z'),
      );
    });
    it('then JSON-LD datePublished', () => {
      expect(at(jsonLd)).toBe(Date.parse('2010-02-10T23:00:00Z'));
    });
    it('then <time datetime> inside the article, not a comment time', () => {
      expect(at('<meta name="pubdate" content="2009-01-01">')).toBe(Date.parse('2024-03-01T01:50:00Z'));
      expect(at('', 'div')).toBeNull();
    });
    it('then meta pubdate / date', () => {
      expect(at('<meta name="pubdate" content="2010-02-12T09:00:00+09:00">', 'div')).toBe(Date.parse('2010-02-12T00:00:00Z'));
      expect(at('<meta name="date" content="Fri, 12 Feb 2010 09:00:00 JST">', 'div')).toBe(Date.parse('2010-02-12T00:00:00Z'));
    });
  });

  it('reads the primary language subtag, lower-case', () => {
    expect(extractArticle(newsPage({ title: TITLE, paragraphs: STORY, lang: 'ja-JP' }), PAGE_URL).language).toBe('ja');
    expect(extractArticle(newsPage({ title: TITLE, paragraphs: STORY, lang: '' }), PAGE_URL).language).toBeNull();
  });
});
