import { describe, expect, it } from 'vitest';
import { areaBoost, dot, freshness, popularity, relevance, scoreCandidate, tenantPriorCtr } from '../../src/ranking/score.js';
import type { AreaTarget, RankingConfig, UserProfile } from '../../src/ranking/types.js';
import { candidate, config, context, HOUR, normalised, NOW } from './fixtures.js';

/** A config where only one component counts, to compare candidates on it alone. */
function only(component: keyof RankingConfig['weights']): RankingConfig {
  return config({ weights: { relevance: 0, collaborative: 0, freshness: 0, popularity: 0, area: 0, follow: 0, [component]: 1 } });
}

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    vector: null,
    categoryAffinity: new Map(),
    sourceAffinity: new Map(),
    followedSources: new Set(),
    evidence: 0,
    factors: null,
    ...overrides,
  };
}

describe('freshness', () => {
  it('halves at each half-life and is 1 for a brand-new or future-dated item', () => {
    expect(freshness(NOW, NOW, 12)).toBe(1);
    expect(freshness(NOW + HOUR, NOW, 12)).toBe(1);
    expect(freshness(NOW - 12 * HOUR, NOW, 12)).toBeCloseTo(0.5, 12);
    expect(freshness(NOW - 24 * HOUR, NOW, 12)).toBeCloseTo(0.25, 12);
    expect(freshness(NOW - 6 * HOUR, NOW, 6)).toBeCloseTo(0.5, 12);
  });

  it('weighs in the score through freshness_half_life_hours', () => {
    const ctx = context({ config: { ...only('freshness'), freshness_half_life_hours: 3 } });
    expect(scoreCandidate(candidate('a', { publishedAt: NOW - 3 * HOUR }), ctx)).toBeCloseTo(0.5, 12);
  });
});

describe('popularity', () => {
  const prior = tenantPriorCtr({ impressions: 10_000, clicks: 500 });

  it('smooths towards the tenant CTR: 1 click out of 1 does not beat 80 out of 200', () => {
    expect(popularity(1, 1, prior)).toBeLessThan(popularity(200, 80, prior));
    const ctx = context({ config: only('popularity') });
    const lucky = scoreCandidate(candidate('lucky', { impressions: 1, clicks: 1 }), ctx);
    const proven = scoreCandidate(candidate('proven', { impressions: 200, clicks: 80 }), ctx);
    expect(proven).toBeGreaterThan(lucky);
  });

  it('is 0.5 for an unseen item and for one at the tenant average, higher above it, lower below', () => {
    expect(popularity(0, 0, prior)).toBeCloseTo(0.5, 12);
    expect(popularity(1_000, 1_000 * prior, prior)).toBeCloseTo(0.5, 12);
    expect(popularity(1_000, 300, prior)).toBeGreaterThan(0.8);
    expect(popularity(1_000, 0, prior)).toBeLessThan(0.05);
  });

  it('has a prior above 0 for a tenant without data', () => {
    expect(tenantPriorCtr({ impressions: 0, clicks: 0 })).toBeCloseTo(0.05, 12);
    expect(popularity(0, 0, tenantPriorCtr({ impressions: 0, clicks: 0 }))).toBeCloseTo(0.5, 12);
  });
});

describe('area boost', () => {
  const shibuyaStation: AreaTarget = { id: 'station:1130208', cityId: 'city:13113', prefectureId: 'pref:13' };

  it('orders station > city > prefecture > none', () => {
    const ctx = context({ areas: [shibuyaStation], config: only('area') });
    const score = (areaIds: string[]): number => scoreCandidate(candidate('x', { areaIds }), ctx);
    const station = score(['station:1130208', 'city:13113', 'pref:13', 'jp']);
    const city = score(['station:9999', 'city:13113', 'pref:13', 'jp']);
    const prefecture = score(['city:13104', 'pref:13', 'jp']);
    const none = score(['city:27100', 'pref:27', 'jp']);
    expect([station, city, prefecture, none]).toEqual([1, 0.6, 0.3, 0]);
  });

  it('takes the best of several targets and is 0 without targets', () => {
    const osaka: AreaTarget = { id: 'city:27100', cityId: 'city:27100', prefectureId: 'pref:27' };
    expect(areaBoost(['city:13113', 'pref:13'], [osaka, shibuyaStation])).toBe(0.6);
    expect(areaBoost(['pref:27', 'jp'], [shibuyaStation, osaka])).toBe(0.3);
    expect(areaBoost(['station:1130208'], [])).toBe(0);
  });
});

describe('follow boost', () => {
  it('adds the follow weight to an item of a followed source, and nothing without a profile', () => {
    const item = candidate('x', { sourceId: 'src_followed' });
    const followed = context({ profile: profile({ followedSources: new Set(['src_followed']) }) });
    const notFollowed = context({ profile: profile() });
    expect(scoreCandidate(item, followed) - scoreCandidate(item, notFollowed)).toBeCloseTo(followed.config.weights.follow, 12);
    expect(scoreCandidate(item, context())).toBeCloseTo(scoreCandidate(item, notFollowed), 12);
  });
});

describe('relevance', () => {
  const a = normalised(Float32Array.from({ length: 256 }, (_, i) => (i < 128 ? 1 : 0)));
  const b = normalised(Float32Array.from({ length: 256 }, (_, i) => (i >= 128 ? 1 : 0)));

  it('is 0 without a profile and follows the taste vector with one', () => {
    expect(relevance(candidate('x', { vector: a }), null)).toBe(0);
    const p = profile({ vector: a });
    expect(relevance(candidate('x', { vector: a }), p)).toBeGreaterThan(relevance(candidate('y', { vector: b }), p));
  });

  it('adds category and source affinities, negative ones pushing down', () => {
    const p = profile({
      categoryAffinity: new Map([
        ['sports', 1],
        ['politics', -1],
      ]),
      sourceAffinity: new Map([['src_b', 1]]),
    });
    const sports = relevance(candidate('s', { category: 'sports' }), p);
    const politics = relevance(candidate('p', { category: 'politics' }), p);
    const other = relevance(candidate('o', { category: 'world' }), p);
    expect(sports).toBeGreaterThan(other);
    expect(politics).toBeLessThan(other);
    expect(relevance(candidate('o', { category: 'world', sourceId: 'src_b' }), p)).toBeGreaterThan(other);
  });

  it('uses the cosine of unit vectors, and 0 for vectors of different lengths', () => {
    expect(dot(a, a)).toBeCloseTo(1, 6);
    expect(dot(a, b)).toBe(0);
    expect(dot(a, new Float32Array(384))).toBe(0);
  });
});
