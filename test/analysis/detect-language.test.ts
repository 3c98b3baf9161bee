import { beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage, loadLanguageDetector } from '../../src/analysis/detect-language.js';

describe('detectLanguage', () => {
  beforeAll(() => loadLanguageDetector());
  it('detects Japanese, also when it carries English product names', () => {
    expect(detectLanguage('政府は本日、新しい経済対策を発表した。物価高への対応が柱となる。')).toBe('ja');
    expect(detectLanguage('AppleはWWDCでiPhone 15 ProとmacOSの新機能を発表した。')).toBe('ja');
  });

  it('detects kanji-heavy Japanese headlines by their kana (eld alone may say zh)', () => {
    expect(detectLanguage('東京都知事選、投票率は過去最低に')).toBe('ja');
  });

  it('detects English and other languages', () => {
    expect(detectLanguage('The central bank raised interest rates for the third time this year.')).toBe('en');
    expect(detectLanguage('Le gouvernement a annoncé de nouvelles mesures pour le logement.')).toBe('fr');
  });

  it('tells Chinese from Japanese', () => {
    expect(detectLanguage('中国政府今天宣布了新的经济政策，以促进消费。')).toBe('zh');
  });

  it('returns null for text too short to tell', () => {
    expect(detectLanguage('')).toBeNull();
    expect(detectLanguage('ok')).toBeNull();
    expect(detectLanguage('Hello world')).toBeNull();
    expect(detectLanguage('日本')).toBeNull();
    expect(detectLanguage('2024 / 12 / 31 !!!')).toBeNull();
  });
});
