import { analyseArticle } from '../src/analysis/analyse-article.js';
import { loadLanguageDetector } from '../src/analysis/detect-language.js';
import type { Category } from '../src/analysis/categories.js';
import { CategoryClassifier } from '../src/analysis/category-classifier.js';
import { DocumentFrequencies } from '../src/analysis/document-frequencies.js';
import { seededRandom } from '../src/lib/seeded-random.js';
import { seededShuffle } from '../src/ranking/seeded.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { japaneseCorpus } from './lib/japanese-corpus.js';

/**
 * Evaluation labels, here only (issue 16): which category each livedoor folder
 * holds. The product never sees them; the classifier learns from labels a
 * feed or a source gives.
 */
const LIVEDOOR_FOLDERS: Record<string, Category> = {
  'dokujo-tsushin': 'lifestyle',
  'it-life-hack': 'technology',
  'kaden-channel': 'technology',
  'livedoor-homme': 'lifestyle',
  'movie-enter': 'entertainment',
  peachy: 'lifestyle',
  smax: 'technology',
  'sports-watch': 'sports',
  'topic-news': 'society',
};

/**
 * Issue 16: held-out accuracy of the category classifier. The livedoor corpus
 * (all of it when present) is analysed as the crawler would, shuffled with a
 * fixed seed, learned on 80 % and scored on the other 20 %.
 */
export async function categoriesBench(): Promise<BenchRow[]> {
  const { articles, origin } = japaneseCorpus(8000);
  const labelled = articles.filter((a) => a.category !== undefined && LIVEDOOR_FOLDERS[a.category] !== undefined);
  if (labelled.length === 0) return [{ name: 'categories: held-out accuracy', value: `skipped: ${origin} carry no labels` }];
  const df = new DocumentFrequencies();
  await loadLanguageDetector();
  const docs = labelled.map((a) => {
    const analysis = analyseArticle({ title: a.title, text: a.paragraphs.join('\n'), categoryHints: [] }, df);
    df.add(analysis.terms);
    return { label: LIVEDOOR_FOLDERS[a.category!]!, terms: analysis.terms };
  });
  const shuffled = seededShuffle(docs, seededRandom(1));
  const cut = Math.floor(shuffled.length * 0.8);
  const classifier = new CategoryClassifier();
  const started = performance.now();
  for (const d of shuffled.slice(0, cut)) classifier.learn(d.terms, d.label);
  const learnMs = performance.now() - started;
  const test = shuffled.slice(cut);
  let right = 0;
  let confident = 0;
  const perLabel = new Map<Category, { n: number; right: number }>();
  const classifyStarted = performance.now();
  for (const d of test) {
    const guess = classifier.classify(d.terms);
    const tally = perLabel.get(d.label) ?? { n: 0, right: 0 };
    tally.n++;
    if (guess.category !== 'other') confident++;
    if (guess.category === d.label) {
      right++;
      tally.right++;
    }
    perLabel.set(d.label, tally);
  }
  const classifyUs = ((performance.now() - classifyStarted) * 1000) / test.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    { name: 'categories: corpus', value: `${origin}; learned from ${cut}, scored on ${test.length} (${perLabel.size} categories)` },
    {
      name: 'categories: held-out accuracy',
      value: `${pct(right / test.length)} right; ${pct(confident / test.length)} above the 0.6 threshold (the rest: other)`,
    },
    { name: 'categories: per category', value: [...perLabel].map(([label, t]) => `${label} ${pct(t.right / t.n)}`).join(', ') },
    {
      name: 'categories: cost',
      value: `learn ${((learnMs * 1000) / cut).toFixed(0)} µs, classify ${classifyUs.toFixed(0)} µs an article (terms already analysed)`,
    },
  ];
}
