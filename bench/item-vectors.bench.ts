import { DocumentFrequencies } from '../src/analysis/document-frequencies.js';
import { embeddingTermCounts } from '../src/analysis/embedding-terms.js';
import { HashedTfIdfEmbedder } from '../src/analysis/hashed-tfidf-embedder.js';
import { columnsOf, projectText, trainLatentModel, type LatentModel } from '../src/analysis/latent-model.js';
import { dot } from '../src/ranking/score.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { japaneseCorpus } from './lib/japanese-corpus.js';

const PROBES = 500;
const NEIGHBOURS = 5;

/**
 * Issue 16, part 2: item vectors learned from the corpus (LSA). Trains on the
 * livedoor corpus (all of it when present) as a worker would, and reports the
 * time and heap a training takes and, for 500 articles, the share of their 5
 * nearest neighbours from the same livedoor folder (the measure of
 * docs/analysis.md's embedder table) for the hashed vectors, the latent ones
 * and the blend relevance uses (half each). The folder is read here only.
 */
export async function itemVectorsBench(): Promise<BenchRow[]> {
  const { articles, origin } = japaneseCorpus(10_000);
  const texts = articles.map((a) => `${a.title}\n${a.paragraphs.join('\n')}`);
  const df = new DocumentFrequencies();
  for (const text of texts) df.add([...embeddingTermCounts(text).keys()]);
  const hashed = new HashedTfIdfEmbedder({ df });

  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const trained = trainLatentModel(texts);
  const trainMs = performance.now() - started;
  // Peak resident memory of the process (kB): the corpus and the hashed vectors are in it too.
  const peakRss = process.resourceUsage().maxRSS * 1024;
  if (trained === null) return [{ name: 'item vectors', value: `skipped: ${origin} too small to learn from` }];
  const model: LatentModel = { version: 1, ...trained };
  const columns = columnsOf(model);
  const projectStarted = performance.now();
  const latent = texts.map((text) => projectText(model, text, null, columns));
  const projectUs = ((performance.now() - projectStarted) * 1000) / texts.length;
  const vectors = texts.map((text) => hashed.embedOne(text));

  const sameFolder = (similarity: (a: number, b: number) => number) => {
    let same = 0;
    for (let p = 0; p < PROBES; p++) {
      const i = Math.floor((p * texts.length) / PROBES);
      const best: { j: number; s: number }[] = [];
      for (let j = 0; j < texts.length; j++) {
        if (j === i) continue;
        const s = similarity(i, j);
        if (best.length < NEIGHBOURS || s > best.at(-1)!.s) {
          best.push({ j, s });
          best.sort((a, b) => b.s - a.s);
          if (best.length > NEIGHBOURS) best.pop();
        }
      }
      same += best.filter((b) => articles[b.j]!.category === articles[i]!.category).length;
    }
    return `${((same / (PROBES * NEIGHBOURS)) * 100).toFixed(1)} %`;
  };
  const hashedSimilarity = (a: number, b: number) => dot(vectors[a]!, vectors[b]!);
  const latentSimilarity = (a: number, b: number) => (latent[a] && latent[b] ? dot(latent[a], latent[b]) : 0);
  return [
    { name: 'item vectors: corpus', value: `${origin}, ${model.terms.length} terms, ${model.dimensions} dimensions` },
    {
      name: 'item vectors: training (tokenise + SVD)',
      value:
        `${(trainMs / 1000).toFixed(1)} s; RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ` +
        `${(peakRss / 2 ** 20).toFixed(0)} MB; model ` +
        `${((model.termVectors.byteLength + model.idf.byteLength) / 2 ** 20).toFixed(1)} MB`,
    },
    { name: 'item vectors: projecting an article', value: `${projectUs.toFixed(0)} µs (tokenising included)` },
    { name: `item vectors: top-${NEIGHBOURS} same folder, hashed`, value: sameFolder(hashedSimilarity) },
    { name: `item vectors: top-${NEIGHBOURS} same folder, latent`, value: sameFolder(latentSimilarity) },
    {
      name: `item vectors: top-${NEIGHBOURS} same folder, blend (relevance)`,
      value: sameFolder((a, b) => 0.5 * hashedSimilarity(a, b) + 0.5 * latentSimilarity(a, b)),
    },
  ];
}
