import { describe, expect, it } from 'vitest';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';

describe('DocumentFrequencies', () => {
  it('counts each term once per document', () => {
    const df = new DocumentFrequencies();
    df.add(['経済', '経済', '政治']);
    df.add(['経済']);
    expect(df.documents).toBe(2);
    expect(df.df('経済')).toBe(2);
    expect(df.df('政治')).toBe(1);
    expect(df.df('野球')).toBe(0);
  });

  it('gives rarer terms a higher idf, unseen terms the highest, and never below 1', () => {
    const df = new DocumentFrequencies();
    for (let i = 0; i < 10; i++) df.add(i < 3 ? ['common', 'rare'] : ['common']);
    expect(df.idf('unseen')).toBeGreaterThan(df.idf('rare'));
    expect(df.idf('rare')).toBeGreaterThan(df.idf('common'));
    expect(df.idf('common')).toBeCloseTo(Math.log(11 / 11) + 1);
    expect(df.idf('rare')).toBeCloseTo(Math.log(11 / 4) + 1);
  });

  it('round-trips through JSON', () => {
    const df = new DocumentFrequencies({ maxTerms: 100 });
    df.add(['a', 'b']);
    df.add(['b', 'c']);
    const copy = DocumentFrequencies.fromJSON(JSON.parse(JSON.stringify(df)));
    expect(copy.documents).toBe(2);
    expect(copy.maxTerms).toBe(100);
    for (const term of ['a', 'b', 'c', 'd']) expect(copy.idf(term)).toBe(df.idf(term));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(df));
  });

  it('stays bounded, keeping the terms of highest df', () => {
    const df = new DocumentFrequencies({ maxTerms: 10 });
    for (let i = 0; i < 50; i++) df.add(['frequent', `doc-${i}`, i % 2 === 0 ? 'even' : 'odd']);
    expect(df.size).toBeLessThanOrEqual(12); // maxTerms × 1.25 before a cut
    expect(df.df('frequent')).toBe(50);
    expect(df.df('even')).toBe(25);
    expect(df.df('odd')).toBe(25);
    expect(df.documents).toBe(50);
    const restored = DocumentFrequencies.fromJSON(df.toJSON());
    expect(restored.size).toBeLessThanOrEqual(10);
    expect(restored.df('frequent')).toBe(50);
  });

  it('cuts an oversized serialised table to its bound', () => {
    const terms = Array.from({ length: 20 }, (_, i): [string, number] => [`t${i}`, 20 - i]);
    const df = DocumentFrequencies.fromJSON({ version: 1, documents: 20, maxTerms: 5, terms });
    expect(df.size).toBe(5);
    expect(df.df('t0')).toBe(20);
    expect(df.df('t4')).toBe(16);
    expect(df.df('t5')).toBe(0);
  });

  it('rejects what is not a serialised table', () => {
    expect(() => DocumentFrequencies.fromJSON(null)).toThrow(TypeError);
    expect(() => DocumentFrequencies.fromJSON({ version: 2, documents: 0, maxTerms: 5, terms: [] })).toThrow(TypeError);
    expect(() => DocumentFrequencies.fromJSON({ version: 1, documents: 1, maxTerms: 5, terms: [['a', 0]] })).toThrow(TypeError);
  });
});
