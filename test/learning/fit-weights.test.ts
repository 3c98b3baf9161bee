import { describe, expect, it } from 'vitest';
import { fitWeights, type WeightSample, type Weights } from '../../src/learning/fit-weights.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

const PRIOR: Weights = { relevance: 1, collaborative: 1, freshness: 0.5, popularity: 0.3, area: 0.5, follow: 0.5 };

/**
 * A synthetic log: pages of 10 ordered by freshness (as a fresh-weighted feed
 * would), users who click by relevance and by how high the item sits, never
 * by freshness. A fit that ignored position would credit freshness (the top
 * slots are the freshest and the most clicked); this one must not.
 */
function syntheticLog(pages: number, seed: number): WeightSample[] {
  const random = seededRandom(seed);
  const samples: WeightSample[] = [];
  for (let p = 0; p < pages; p++) {
    const items = Array.from({ length: 10 }, () => [random(), 0, random(), 0.5, 0, random() < 0.1 ? 1 : 0]);
    items.sort((a, b) => b[2]! - a[2]!);
    items.forEach((features, position) => {
      const logit = -3 + 3 * features[0]! - 0.25 * position;
      samples.push({ features, position, clicked: random() < 1 / (1 + Math.exp(-logit)) });
    });
  }
  return samples;
}

describe('fitting score weights to clicks', () => {
  it('moves weight to the part that predicts clicks and away from the one position explains', () => {
    const fitted = fitWeights(syntheticLog(2000, 1), PRIOR)!;
    const share = (w: Weights, part: keyof Weights) => w[part] / Object.values(w).reduce((a, b) => a + b, 0);
    expect(share(fitted, 'relevance')).toBeGreaterThan(share(PRIOR, 'relevance') + 0.1);
    expect(share(fitted, 'freshness')).toBeLessThan(share(PRIOR, 'freshness'));
    // Scaled to the prior's total, never negative.
    expect(Object.values(fitted).reduce((a, b) => a + b, 0)).toBeCloseTo(3.8, 2);
    for (const w of Object.values(fitted)) expect(w).toBeGreaterThanOrEqual(0);
  });

  it('keeps the configured weights while data is thin, and is the same for the same log', () => {
    expect(fitWeights(syntheticLog(10, 2), PRIOR)).toBeNull();
    expect(fitWeights(syntheticLog(500, 3), PRIOR)).toEqual(fitWeights(syntheticLog(500, 3), PRIOR));
  });
});
