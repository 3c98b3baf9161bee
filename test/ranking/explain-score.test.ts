import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../src/ranking/profile.js';
import {
  areaBoost,
  collaborative,
  explainScore,
  followBoost,
  freshness,
  popularity,
  relevance,
  scoreCandidate,
  tenantPriorCtr,
} from '../../src/ranking/score.js';
import { config, context, pool, topicVectors } from './fixtures.js';

describe('explainScore', () => {
  const vectorOf = topicVectors(40, 8);
  const profile = buildProfile({
    signals: [],
    interestVector: vectorOf(3),
    followedSources: new Set(['src_1', 'src_2']),
    now: context().now,
    factors: Float32Array.from([0.5, -0.2, 0.8, 0.1]),
  });
  // Every third item has collaborative factors; the others are new to the model.
  const withFactors = (items: ReturnType<typeof pool>) =>
    items.map((c, i) => (i % 3 === 0 ? { ...c, factors: Float32Array.from([i % 5, 0.3, -0.1, 0.2]) } : c));
  const ctx = context({
    profile,
    areas: [{ id: 'station:1', cityId: 'city:13104', prefectureId: 'pref:13' }],
    config: config({ weights: { relevance: 1.5, collaborative: 0.8, freshness: 0.7, popularity: 0.3, area: 2, follow: 4 } }),
  });
  const prior = tenantPriorCtr(ctx.tenantCtr);

  it('gives exactly the score scoreCandidate gives, as the sum of weight × component', () => {
    for (const c of withFactors(pool(500))) {
      const { score, parts } = explainScore(c, ctx);
      expect(score).toBe(scoreCandidate(c, ctx));
      const { weights, freshness_half_life_hours: halfLife } = ctx.config;
      expect(parts).toEqual({
        relevance: weights.relevance * relevance(c, profile),
        collaborative: weights.collaborative * collaborative(c, profile),
        freshness: weights.freshness * freshness(c.publishedAt, ctx.now, halfLife),
        popularity: weights.popularity * popularity(c.impressions, c.clicks, prior),
        area: weights.area * areaBoost(c.areaIds, ctx.areas),
        follow: weights.follow * followBoost(c.sourceId, profile),
      });
    }
  });

  it('counts a component with weight 0 as 0, and the follow boost only for followed sources', () => {
    const noFollow = {
      ...ctx,
      config: config({ weights: { relevance: 1, collaborative: 1, freshness: 1, popularity: 1, area: 1, follow: 0 } }),
    };
    const followed = pool(200).find((c) => c.sourceId === 'src_1')!;
    expect(explainScore(followed, ctx).parts.follow).toBe(4);
    expect(explainScore(followed, noFollow).parts.follow).toBe(0);
    expect(explainScore({ ...followed, sourceId: 'src_9' }, ctx).parts.follow).toBe(0);
  });
});
