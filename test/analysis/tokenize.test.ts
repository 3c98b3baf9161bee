import { describe, expect, it } from 'vitest';
import { charNgrams, words } from '../../src/analysis/tokenize.js';

describe('words', () => {
  it('segments Japanese and keeps content words', () => {
    const w = words('政府は新しい経済対策を発表した。');
    expect(w).toEqual(expect.arrayContaining(['政府', '経済', '対策', '発表']));
  });

  it('drops particles, short hiragana, single characters, numbers and stop words', () => {
    const w = words('2024年の東京で、私はその本を3冊読んだ。The cat is on the mat.');
    for (const dropped of ['の', 'は', 'を', 'で', 'その', '年', '本', '2024', '3', 'the', 'is', 'on']) {
      expect(w).not.toContain(dropped);
    }
    expect(w).toEqual(expect.arrayContaining(['東京', 'cat', 'mat']));
  });

  it('normalises width and case (NFKC, lower case)', () => {
    expect(words('ＡＰＰＬＥのｶﾒﾗ')).toEqual(['apple', 'カメラ']);
  });

  it('gives the same words per line as for the whole text', () => {
    const title = '新型スマートフォンが登場';
    const text = '大手メーカーは新型スマートフォンを発表した。\n価格は据え置きとなる見込みだ。';
    expect(words(`${title}\n${text}`)).toEqual([...words(title), ...words(text)]);
    expect(words(`${title}\n${text}`)).toEqual(words(`${title}\n${text}`)); // memoised lines, same answer
  });
});

describe('charNgrams', () => {
  it('makes n-grams of kanji and katakana runs only', () => {
    expect(charNgrams('経済対策を発表。', 2)).toEqual(['経済', '済対', '対策', '発表']);
    expect(charNgrams('ｶﾀｶﾅ', 2)).toEqual(['カタ', 'タカ', 'カナ']);
    expect(charNgrams('English only', 2)).toEqual([]);
  });

  it('yields nothing for runs shorter than n and rejects a bad n', () => {
    expect(charNgrams('株を買う', 2)).toEqual([]);
    expect(charNgrams('経済対策', 3)).toEqual(['経済対', '済対策']);
    expect(() => charNgrams('経済', 0)).toThrow(RangeError);
  });
});
