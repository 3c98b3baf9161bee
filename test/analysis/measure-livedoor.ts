/**
 * Measurements behind docs/analysis.md, on the livedoor news corpus (CC BY-ND; read in place,
 * never copied into the repo). Not a test: run by hand with
 *
 *   [DIMENSIONS=256] npx tsx test/analysis/measure-livedoor.ts [/path/to/livedoor-news]
 *
 * Prints analyseArticle and embed timings, SimHash distances of edited copies and of the
 * closest different articles, and the embedder's top-5 same-category neighbour rate.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyseArticle } from '../../src/analysis/analyse-article.js';
import { loadLanguageDetector } from '../../src/analysis/detect-language.js';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';
import { HashedTfIdfEmbedder } from '../../src/analysis/hashed-tfidf-embedder.js';
import { hammingDistance, simhash } from '../../src/analysis/simhash.js';

interface Article {
  folder: string;
  title: string;
  text: string;
}

const root = process.argv[2] ?? '/work/shared/data/livedoor-news';
if (!existsSync(root)) {
  console.error(`no corpus at ${root}`);
  process.exit(1);
}

function load(): Article[] {
  const out: Article[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(root, folder.name)).sort()) {
      if (!file.endsWith('.txt') || file.startsWith('LICENSE')) continue;
      const lines = readFileSync(join(root, folder.name, file), 'utf8').split('\n');
      out.push({ folder: folder.name, title: lines[2] ?? '', text: lines.slice(3).join('\n').trim() });
    }
  }
  return out;
}

/** A fixed pseudo-random order, so every run measures the same sample. */
function shuffled<T>(items: T[], seed = 42): T[] {
  const a = [...items];
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `min ${s[0]} p5 ${percentile(s, 5)} median ${percentile(s, 50)} p95 ${percentile(s, 95)} max ${s[s.length - 1]} (n=${s.length})`;
}

const articles = shuffled(load());
const chars = articles.reduce((n, a) => n + a.title.length + a.text.length, 0);
console.log(`${articles.length} articles, mean ${(chars / articles.length).toFixed(0)} characters`);

// 1. analyseArticle over the whole corpus, df learned as the crawler would (analyse, then add).
//    The first 300 articles warm the JIT and are not timed; df.add is timed apart.
const df = new DocumentFrequencies();
const WARM_UP = 300;
let analyseMs = 0;
let addMs = 0;
let timedChars = 0;
await loadLanguageDetector();
for (const [i, a] of articles.entries()) {
  const start = performance.now();
  const result = analyseArticle({ title: a.title, text: a.text, categoryHints: [a.folder] }, df);
  const analysed = performance.now();
  df.add(result.terms);
  if (i >= WARM_UP) {
    analyseMs += analysed - start;
    addMs += performance.now() - analysed;
    timedChars += a.title.length + a.text.length + 1;
  }
}
const timedArticles = articles.length - WARM_UP;
const perArticle = (ms: number, n: number) => `${((ms * 1000) / n).toFixed(0)} µs/article`;
const per2000 = (ms: number, c: number) => `${((ms * 1000 * 2000) / c).toFixed(0)} µs per 2,000 chars`;
console.log(`analyseArticle: ${perArticle(analyseMs, timedArticles)}, ${per2000(analyseMs, timedChars)}`);
console.log(`df.add: ${perArticle(addMs, timedArticles)} (table ${df.size} terms)`);

// 2. embed, batches of 50: right after analysis (segmentation memo warm) and cold. One batch
//    first to warm the JIT.
const embedder = new HashedTfIdfEmbedder({ df, dimensions: Number(process.env.DIMENSIONS ?? 256) });
const timeEmbed = async (batch: Article[]): Promise<string> => {
  const texts = batch.map((a) => `${a.title}\n${a.text}`);
  const c = texts.reduce((n, t) => n + t.length, 0);
  const start = performance.now();
  for (let i = 0; i < texts.length; i += 50) await embedder.embed(texts.slice(i, i + 50));
  const ms = performance.now() - start;
  return `${perArticle(ms, batch.length)}, ${per2000(ms, c)}`;
};
await timeEmbed(articles.slice(-250, -200));
console.log(`embed after analyse: ${await timeEmbed(articles.slice(-200))}`); // still in the memo
console.log(`embed cold: ${await timeEmbed(articles.slice(0, 1000))}`);

// 3. Nearest neighbours: top-5 same-category rate for 500 articles against all others.
const nnStart = performance.now();
const vectors = articles.map((a) => embedder.embedOne(`${a.title}\n${a.text}`));
const dims = embedder.dimensions;
const counts = new Map<string, number>();
for (const a of articles) counts.set(a.folder, (counts.get(a.folder) ?? 0) + 1);
let chance = 0;
for (const n of counts.values()) chance += (n / articles.length) ** 2;
let same = 0;
const queries = 500;
const nearestOther: number[] = [];
for (let q = 0; q < queries; q++) {
  const v = vectors[q] as Float32Array;
  const scores: { i: number; s: number }[] = [];
  for (let i = 0; i < vectors.length; i++) {
    if (i === q) continue;
    const w = vectors[i] as Float32Array;
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += (v[d] as number) * (w[d] as number);
    scores.push({ i, s: dot });
  }
  scores.sort((a, b) => b.s - a.s);
  for (const { i } of scores.slice(0, 5)) if ((articles[i] as Article).folder === (articles[q] as Article).folder) same++;
  // The closest article of the same source that is not the same text: the hardest negative.
  const closest = scores.find(
    ({ i }) =>
      (articles[i] as Article).folder === (articles[q] as Article).folder &&
      (articles[i] as Article).text !== (articles[q] as Article).text,
  );
  if (closest) nearestOther.push(closest.i);
}
console.log(
  `top-5 same category: ${((100 * same) / (queries * 5)).toFixed(1)} % (chance ${(100 * chance).toFixed(1)} %), ` +
    `${(performance.now() - nnStart).toFixed(0)} ms`,
);

// 4. SimHash: edited copies vs the closest different articles.
const sentences = (text: string) => text.split(/(?<=。)/u);
const BOILERPLATE = '\n\n【関連記事】\n・この記事の続きはこちら\n・ランキングをもっと見る\n\n（編集部）';
const edits: Record<string, number[]> = { 'new title': [], 'boilerplate appended': [], 'one sentence changed': [], 'all three': [] };
const hashes = articles.map((a) => simhash(`${a.title}\n${a.text}`));
const nearestSameSource: number[] = []; // by embedding: same source and topic
const nearestAnywhere: number[] = []; // by simhash: the closest of all 7,366 others
for (let q = 0; q < queries; q++) {
  const a = articles[q] as Article;
  const base = hashes[q] as bigint;
  const parts = sentences(a.text);
  const middle = Math.floor(parts.length / 2);
  const changed = parts.map((s, i) => (i === middle ? 'この点について、関係者は詳しい説明を避けている。' : s)).join('');
  const retitled = `【速報】${a.title}（更新）`;
  const d = (title: string, text: string) => hammingDistance(base, simhash(`${title}\n${text}`));
  edits['new title']!.push(d(retitled, a.text));
  edits['boilerplate appended']!.push(d(a.title, a.text + BOILERPLATE));
  edits['one sentence changed']!.push(d(a.title, changed));
  edits['all three']!.push(d(retitled, changed + BOILERPLATE));
  const other = nearestOther[q];
  if (other !== undefined) nearestSameSource.push(hammingDistance(base, hashes[other] as bigint));
  let best = 64;
  for (let i = 0; i < articles.length; i++) {
    if (i !== q && (articles[i] as Article).text !== a.text) best = Math.min(best, hammingDistance(base, hashes[i] as bigint));
  }
  nearestAnywhere.push(best);
}
for (const [name, values] of Object.entries(edits)) console.log(`simhash ${name}: ${summary(values)}`);
console.log(`simhash nearest-by-embedding different article, same source: ${summary(nearestSameSource)}`);
console.log(`simhash nearest different article of the corpus: ${summary(nearestAnywhere)}`);
const rate = (values: number[], t: number) => `${((100 * values.filter((v) => v <= t).length) / values.length).toFixed(1)}%`.padStart(7);
console.log(
  `threshold | ${Object.keys(edits)
    .map((k) => k.padStart(20))
    .join(' ')} | false match: same-source nearest, corpus nearest`,
);
for (let t = 3; t <= 12; t++) {
  console.log(
    `${String(t).padStart(9)} | ${Object.values(edits)
      .map((v) => rate(v, t).padStart(20))
      .join(' ')} | ${rate(nearestSameSource, t)} ${rate(nearestAnywhere, t)}`,
  );
}

// 5. simhash alone.
const t0 = performance.now();
for (const a of articles.slice(0, 2000)) simhash(`${a.title}\n${a.text}`);
console.log(`simhash: ${(((performance.now() - t0) * 1000) / 2000).toFixed(0)} µs/article`);
