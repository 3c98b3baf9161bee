import { describe, expect, it } from 'vitest';
import { CATEGORIES, isCategory, normaliseCategory } from '../../src/analysis/categories.js';

describe('CATEGORIES', () => {
  it('is the documented list, in its documented order', () => {
    expect(CATEGORIES).toEqual([
      'politics',
      'business',
      'technology',
      'science',
      'health',
      'sports',
      'entertainment',
      'culture',
      'lifestyle',
      'gourmet',
      'travel',
      'society',
      'world',
      'local',
      'other',
    ]);
    expect(isCategory('sports')).toBe(true);
    expect(isCategory('Sports')).toBe(false);
  });
});

describe('normaliseCategory', () => {
  it.each([
    ['スポーツ', 'sports'],
    ['経済', 'business'],
    ['ビジネス', 'business'],
    ['IT', 'technology'],
    ['ＩＴ', 'technology'],
    ['テクノロジー', 'technology'],
    ['家電', 'technology'],
    ['国際', 'world'],
    ['海外', 'world'],
    ['政治', 'politics'],
    ['芸能', 'entertainment'],
    ['エンタメ', 'entertainment'],
    ['映画', 'entertainment'],
    ['グルメ', 'gourmet'],
    ['地域', 'local'],
    ['社会', 'society'],
    ['Technology', 'technology'],
    ['  WORLD  ', 'world'],
  ])('maps %s to %s', (raw, category) => {
    expect(normaliseCategory(raw)).toBe(category);
  });

  it.each([
    'topic-news',
    'sports-watch',
    'it-life-hack',
    'kaden-channel',
    'movie-enter',
    'dokujo-tsushin',
    'smax',
    'livedoor-homme',
    'peachy',
  ])('knows no site section slug such as %s: evaluation labels are never shipped (the classifier categorises such articles)', (raw) => {
    expect(normaliseCategory(raw)).toBeNull();
  });

  it('reads section names with noise around them and compound labels', () => {
    expect(normaliseCategory('スポーツニュース')).toBe('sports');
    expect(normaliseCategory('World News')).toBe('world');
    expect(normaliseCategory('【国内】')).toBe('society');
    expect(normaliseCategory('経済・政治')).toBe('business');
    expect(normaliseCategory('News > Science')).toBe('science');
    expect(normaliseCategory('/category/sports/')).toBe('sports');
    expect(normaliseCategory('Science and Technology')).toBe('science');
  });

  it('takes the first raw value that maps, skipping unknown and empty ones', () => {
    expect(normaliseCategory(undefined, null, '', 'まとめ', 'サッカー', '経済')).toBe('sports');
    expect(normaliseCategory('経済', 'スポーツ')).toBe('business');
  });

  it('returns null when nothing maps', () => {
    expect(normaliseCategory()).toBeNull();
    expect(normaliseCategory('トップ', 'ニュース', 'general', 'zzz')).toBeNull();
    expect(normaliseCategory(null, undefined)).toBeNull();
  });
});
