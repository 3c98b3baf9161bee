import type { DemoArticle } from './corpus.js';
import { articleUrlOf, imageUrlOf, type DemoSource } from './demo-sources.js';

/** The demo site's documents, written as a news site would: RSS 2.0 feeds and article pages with Open Graph metadata. */

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 450;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Category words as the site's sections print them; the analyser maps them back to ids. */
const SECTION_LABELS: Record<string, { ja: string; en: string }> = {
  society: { ja: '社会', en: 'Society' },
  politics: { ja: '政治', en: 'Politics' },
  business: { ja: '経済', en: 'Business' },
  local: { ja: '地域', en: 'Local' },
  sports: { ja: 'スポーツ', en: 'Sports' },
  gourmet: { ja: 'グルメ', en: 'Food' },
  lifestyle: { ja: 'ライフ', en: 'Lifestyle' },
  culture: { ja: '文化', en: 'Culture' },
  science: { ja: '科学', en: 'Science' },
  health: { ja: '健康', en: 'Health' },
  technology: { ja: 'テクノロジー', en: 'Technology' },
  world: { ja: '国際', en: 'World' },
  travel: { ja: '旅行', en: 'Travel' },
};

export function sectionOf(source: DemoSource, category: string): string {
  return SECTION_LABELS[category]?.[source.language] ?? category;
}

export interface ListedArticle {
  n: number;
  publishedAt: number;
  article: DemoArticle;
}

export function renderFeed(source: DemoSource, items: readonly ListedArticle[], origin: string): string {
  const entries = items.map(({ n, publishedAt, article }) =>
    [
      '    <item>',
      `      <title>${escape(article.title)}</title>`,
      `      <link>${articleUrlOf(source, n)}</link>`,
      `      <guid isPermaLink="true">${articleUrlOf(source, n)}</guid>`,
      `      <pubDate>${new Date(publishedAt).toUTCString()}</pubDate>`,
      `      <category>${escape(sectionOf(source, article.category))}</category>`,
      `      <description>${escape(article.summary)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    '  <channel>',
    `    <title>${escape(source.name)}</title>`,
    `    <link>${origin}/</link>`,
    `    <description>${escape(source.name)} (content-feed demo site; generated text)</description>`,
    `    <language>${source.language}</language>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderArticle(source: DemoSource, n: number, publishedAt: number, article: DemoArticle): string {
  const url = articleUrlOf(source, n);
  const published = new Date(publishedAt).toISOString();
  const section = sectionOf(source, article.category);
  return `<!doctype html>
<html lang="${source.language}">
<head>
<meta charset="utf-8">
<title>${escape(article.title)} | ${escape(source.name)}</title>
<link rel="canonical" href="${url}">
<meta name="description" content="${escape(article.summary)}">
<meta property="og:type" content="article">
<meta property="og:title" content="${escape(article.title)}">
<meta property="og:url" content="${url}">
<meta property="og:image" content="${imageUrlOf(source, n)}">
<meta property="og:image:width" content="${IMAGE_WIDTH}">
<meta property="og:image:height" content="${IMAGE_HEIGHT}">
<meta property="og:site_name" content="${escape(source.name)}">
<meta property="article:published_time" content="${published}">
<meta property="article:section" content="${escape(section)}">
</head>
<body>
<header><nav><a href="/">${escape(source.name)}</a> › <a href="/feeds/${source.key}.xml">RSS</a></nav></header>
<main>
<article>
<h1>${escape(article.title)}</h1>
<p class="meta"><time datetime="${published}">${published}</time> · ${escape(section)}</p>
${article.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
</article>
</main>
<footer><p>content-feed demo site. Generated text; no real events are reported here.</p></footer>
</body>
</html>
`;
}

/** A picture for the article: a gradient in the category's colours with a few shapes placed by its number. */
export function renderImageSvg(category: string, n: number): string {
  const hue = [...category].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = (n * 97 + i * 173) % IMAGE_WIDTH;
    const y = (n * 61 + i * 89) % IMAGE_HEIGHT;
    const r = 40 + ((n + i * 37) % 90);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 24) % 360} 70% 75%)" fill-opacity="0.55"/>`;
  }).join('');
  const gradient =
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 30%)"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">
<defs>${gradient}</defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
}
