import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageDetector } from '../../src/analysis/detect-language.js';
import { analyseArticle } from '../../src/analysis/analyse-article.js';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';
import { embeddingTermCounts } from '../../src/analysis/embedding-terms.js';
import { HashedTfIdfEmbedder } from '../../src/analysis/hashed-tfidf-embedder.js';
import { hammingDistance, NEAR_DUPLICATE_DISTANCE, simhash } from '../../src/analysis/simhash.js';

const title = '新型ロケットの打ち上げに成功';
const text = [
  '宇宙航空研究開発機構は、新型ロケットの打ち上げに成功したと発表した。',
  'ロケットは種子島宇宙センターから打ち上げられ、約20分後に人工衛星を予定の軌道に投入した。',
].join('\n');

describe('analyseArticle', () => {
  beforeAll(() => loadLanguageDetector());
  it('computes language, category, keywords, simhash and terms in one call', () => {
    const df = new DocumentFrequencies();
    df.add(['発表', '開発']);
    const result = analyseArticle({ title, text, categoryHints: [null, 'サイエンス', 'technology'] }, df);
    expect(result.language).toBe('ja');
    expect(result.category).toBe('science');
    expect(result.keywords.length).toBeGreaterThan(0);
    expect(result.keywords.length).toBeLessThanOrEqual(10);
    expect(result.keywords[0]).toBe('ロケット');
    expect(result.simhash).toBe(simhash(`${title}\n${text}`));
    expect(new Set(result.terms).size).toBe(result.terms.length);
    expect(result.terms).toEqual(expect.arrayContaining(['ロケット', '宇宙', '衛星']));
  });

  it('hands back every term the embedder weights, so df learns them all', () => {
    const result = analyseArticle({ title, text, categoryHints: [] }, new DocumentFrequencies());
    const embedded = [...embeddingTermCounts(`${title}\n${text}`).keys()];
    expect(new Set(result.terms)).toEqual(new Set(embedded));
  });

  it('reads the df table without changing it', () => {
    const df = new DocumentFrequencies();
    analyseArticle({ title, text, categoryHints: [] }, df);
    expect(df.documents).toBe(0);
    expect(df.size).toBe(0);
  });

  it('falls back to the language hint only when detection is not sure', () => {
    const short = { title: 'Live', text: '', categoryHints: [] };
    expect(analyseArticle({ ...short, languageHint: 'en-GB' }, new DocumentFrequencies()).language).toBe('en');
    expect(analyseArticle({ ...short, languageHint: 'not a tag' }, new DocumentFrequencies()).language).toBeNull();
    expect(analyseArticle({ title, text, categoryHints: [], languageHint: 'en' }, new DocumentFrequencies()).language).toBe('ja');
  });

  it('leaves the category null when no hint maps', () => {
    expect(analyseArticle({ title, text, categoryHints: ['未分類', undefined] }, new DocumentFrequencies()).category).toBeNull();
  });

  it('gives near-duplicates close fingerprints and the embedder a usable vector', async () => {
    const df = new DocumentFrequencies();
    const a = analyseArticle({ title, text, categoryHints: [] }, df);
    const b = analyseArticle({ title: `【速報】${title}`, text, categoryHints: [] }, df);
    expect(hammingDistance(a.simhash, b.simhash)).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    df.add(a.terms);
    const [vector] = await new HashedTfIdfEmbedder({ df }).embed([`${title}\n${text}`]);
    expect(vector).toHaveLength(256);
  });
});
