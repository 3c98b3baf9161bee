import { describe, expect, it } from 'vitest';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';
import { extractKeywords } from '../../src/analysis/keywords.js';
import { words } from '../../src/analysis/tokenize.js';

const corpus = [
  '政府は今年の経済政策について会見を開いた。今年の予算は増える見込みだ。',
  '今年のプロ野球は開幕から混戦が続いている。今年の優勝争いに注目が集まる。',
  '今年の映画興行収入は過去最高となった。今年の話題作が多かった。',
  '今年の夏は猛暑となり、政府は節電を呼びかけた。',
];

function learned(): DocumentFrequencies {
  const df = new DocumentFrequencies();
  for (const text of corpus) df.add(words(text));
  return df;
}

describe('extractKeywords', () => {
  it('prefers distinctive terms to ones every article has', () => {
    const keywords = extractKeywords(
      '新型ロケット打ち上げ成功',
      '今年の宇宙開発で、新型ロケットの打ち上げが今年初めて成功した。ロケットは衛星を軌道に投入した。',
      learned(),
      3,
    );
    expect(keywords[0]).toBe('ロケット');
    expect(keywords).not.toContain('今年');
  });

  it('weights title words up', () => {
    const df = learned();
    const text = '宇宙開発と衛星通信の話題。宇宙開発の予算と衛星通信の予算。';
    expect(extractKeywords('衛星通信', text, df, 1)).toEqual(['衛星']);
    expect(extractKeywords('宇宙開発', text, df, 1)).toEqual(['宇宙']);
  });

  it('never returns stop words, particles or numbers, and honours the limit', () => {
    const keywords = extractKeywords('The new model', 'The model is new. これは2024年のモデルです。', learned(), 10);
    expect(keywords.length).toBeGreaterThan(0); // an empty list would pass the check below
    for (const k of keywords) expect(['the', 'is', 'これ', 'です', '2024']).not.toContain(k);
    expect(extractKeywords('a', '経済 政治 野球 映画 宇宙 衛星', learned(), 2)).toHaveLength(2);
    expect(extractKeywords('経済', '経済', learned(), 0)).toEqual([]);
  });

  it('is deterministic', () => {
    const df = learned();
    const a = extractKeywords('選挙', '選挙の投票率と候補者の公約を比べた。', df);
    expect(extractKeywords('選挙', '選挙の投票率と候補者の公約を比べた。', df)).toEqual(a);
  });
});
