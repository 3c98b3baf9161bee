import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureArticles } from '../../test/helpers/fixture-articles.js';
import type { FixtureArticle } from '../../test/helpers/news-site.js';

const LIVEDOOR = path.resolve('../shared/data/livedoor-news');

/**
 * Japanese articles for benchmarks: the livedoor news corpus (real text, CC BY-ND,
 * read in place and never copied) when `../shared/data` is present, else generated
 * fixture articles. Says which it used.
 */
export function japaneseCorpus(count: number): { articles: FixtureArticle[]; origin: string } {
  if (!existsSync(LIVEDOOR)) return { articles: fixtureArticles(count), origin: `${count} generated articles (livedoor corpus absent)` };
  const files = readdirSync(LIVEDOOR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(LIVEDOOR, d.name))
        .filter((f) => f.endsWith('.txt') && f !== 'LICENSE.txt')
        .map((f) => path.join(LIVEDOOR, d.name, f)),
    );
  // Every k-th file, so all nine categories are represented.
  const step = Math.max(1, Math.floor(files.length / count));
  const articles = files
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((file, i) => {
      const [, time, title, ...body] = readFileSync(file, 'utf8').split('\n');
      return {
        slug: `ld-${i}`,
        title: title!.trim(),
        paragraphs: body.map((l) => l.trim()).filter((l) => l.length > 0),
        publishedAt: new Date(time!.trim()),
        category: path.basename(path.dirname(file)),
      };
    });
  return { articles, origin: `${articles.length} livedoor news articles` };
}
