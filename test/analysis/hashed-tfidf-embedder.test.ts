import { describe, expect, it } from 'vitest';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';
import { embeddingTermCounts } from '../../src/analysis/embedding-terms.js';
import { HashedTfIdfEmbedder } from '../../src/analysis/hashed-tfidf-embedder.js';
import { cosine } from '../../src/analysis/vector-codec.js';

const baseball1 = 'プロ野球の巨人は阪神に勝ち、首位に浮上した。先発投手が七回を無失点に抑え、打線は本塁打で援護した。';
const baseball2 = '阪神は巨人に敗れ、首位から陥落した。先発投手は六回に本塁打を浴び、打線も援護できなかった。';
const economy = '日銀は金融政策決定会合で大規模緩和の維持を決めた。円相場は対ドルで下落し、株価は上昇した。';
const english1 = 'The striker scored twice as the home team won the league match in extra time.';
const english2 = 'The home team won the cup match after the striker scored in extra time.';
const english3 = 'The central bank kept interest rates unchanged as inflation slowed for a third month.';

function corpusDf(): DocumentFrequencies {
  const df = new DocumentFrequencies();
  for (const text of [baseball1, baseball2, economy, english1, english2, english3]) df.add(embeddingTermCounts(text).keys());
  return df;
}

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('HashedTfIdfEmbedder', () => {
  it('names itself by scheme and size', () => {
    const embedder = new HashedTfIdfEmbedder({ df: new DocumentFrequencies() });
    expect(embedder.id).toBe('hashed-tfidf-v1:256');
    expect(embedder.dimensions).toBe(256);
    expect(new HashedTfIdfEmbedder({ df: new DocumentFrequencies(), dimensions: 64 }).id).toBe('hashed-tfidf-v1:64');
    expect(() => new HashedTfIdfEmbedder({ df: new DocumentFrequencies(), dimensions: 1.5 })).toThrow(RangeError);
  });

  it('returns one unit-length vector per text, and zeros for an empty text', async () => {
    const embedder = new HashedTfIdfEmbedder({ df: corpusDf() });
    const vectors = await embedder.embed([baseball1, english1, '']);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) expect(v).toHaveLength(256);
    expect(norm(vectors[0]!)).toBeCloseTo(1, 5);
    expect(norm(vectors[1]!)).toBeCloseTo(1, 5);
    expect(norm(vectors[2]!)).toBe(0);
  });

  it('is deterministic: same text and table, same vector, across instances', async () => {
    const df = corpusDf();
    const [a] = await new HashedTfIdfEmbedder({ df }).embed([economy]);
    const [b] = await new HashedTfIdfEmbedder({ df }).embed([economy]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
  });

  it('puts texts on one topic closer than texts on different topics', async () => {
    const embedder = new HashedTfIdfEmbedder({ df: corpusDf() });
    const [b1, b2, e, en1, en2, en3] = await embedder.embed([baseball1, baseball2, economy, english1, english2, english3]);
    expect(cosine(b1!, b2!)).toBeGreaterThan(cosine(b1!, e!) + 0.2);
    expect(cosine(en1!, en2!)).toBeGreaterThan(cosine(en1!, en3!) + 0.2);
  });

  it('works before the corpus has taught it anything', async () => {
    const embedder = new HashedTfIdfEmbedder({ df: new DocumentFrequencies() });
    const [b1, b2, e] = await embedder.embed([baseball1, baseball2, economy]);
    expect(norm(b1!)).toBeCloseTo(1, 5);
    expect(cosine(b1!, b2!)).toBeGreaterThan(cosine(b1!, e!));
  });
});
