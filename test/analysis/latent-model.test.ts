import { describe, expect, it } from 'vitest';
import { projectText, trainLatentModel, type LatentModel } from '../../src/analysis/latent-model.js';
import { truncatedSvd } from '../../src/analysis/randomized-svd.js';
import { cosine } from '../../src/analysis/vector-codec.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

const SPORTS = ['pitcher', 'batter', 'inning', 'homerun', 'stadium', 'umpire', 'catcher', 'shortstop', 'bullpen', 'dugout'];
const MONEY = ['stocks', 'earnings', 'dividend', 'investor', 'bonds', 'yields', 'inflation', 'treasury', 'shares', 'profits'];

/** 100 articles a topic, each six random words of its topic: no two words always meet, all meet through others. */
function corpus(): string[] {
  const random = seededRandom(3);
  const article = (words: readonly string[]) => Array.from({ length: 6 }, () => words[Math.floor(random() * words.length)]).join(' ');
  return Array.from({ length: 200 }, (_, i) => article(i % 2 === 0 ? SPORTS : MONEY));
}

describe('randomized truncated SVD', () => {
  it('finds the singular values of a low-rank matrix', () => {
    // M = 5·u1·v1ᵀ + 2·u2·v2ᵀ over 6 rows and 4 columns, in compressed rows.
    const u1 = [1, 1, 1, 1, 1, 1].map((x) => x / Math.sqrt(6));
    const u2 = [1, -1, 1, -1, 1, -1].map((x) => x / Math.sqrt(6));
    const v1 = [1, 1, 0, 0].map((x) => x / Math.SQRT2);
    const v2 = [0, 0, 1, -1].map((x) => x / Math.SQRT2);
    const dense = u1.map((_, r) => v1.map((_, c) => 5 * u1[r]! * v1[c]! + 2 * u2[r]! * v2[c]!));
    const offsets = new Uint32Array(7);
    const indices: number[] = [];
    const values: number[] = [];
    dense.forEach((row, r) => {
      row.forEach((x, c) => {
        if (x !== 0) {
          indices.push(c);
          values.push(x);
        }
      });
      offsets[r + 1] = indices.length;
    });
    const svd = truncatedSvd(
      { rows: 6, columns: 4, offsets, indices: Uint32Array.from(indices), values: Float32Array.from(values) },
      { rank: 2, oversampling: 2 },
    );
    expect(svd.singularValues[0]).toBeCloseTo(5, 4);
    expect(svd.singularValues[1]).toBeCloseTo(2, 4);
    // The first right singular vector is ±v1.
    expect(Math.abs(svd.right[0]! * v1[0]! + svd.right[2]! * v1[1]!)).toBeCloseTo(1, 4);
  });
});

describe('latent model (LSA)', () => {
  const model: LatentModel = { version: 1, ...trainLatentModel(corpus(), { dimensions: 4 })! };

  it('puts articles that share no word but share context closer than unrelated ones', () => {
    const a = projectText(model, 'pitcher batter inning')!;
    const b = projectText(model, 'homerun stadium umpire')!;
    const unrelated = projectText(model, 'stocks earnings dividend')!;
    expect(cosine(a, b)).toBeGreaterThan(0.7);
    expect(cosine(a, unrelated)).toBeLessThan(0.2);
    // The words themselves are orthogonal: matching words says nothing here.
    const word = (w: string) => projectText(model, w)!;
    expect(cosine(word('pitcher'), word('umpire'))).toBeGreaterThan(cosine(word('pitcher'), word('stocks')) + 0.3);
  });

  it('is deterministic and gives no vector for a text without known terms', () => {
    const again: LatentModel = { version: 1, ...trainLatentModel(corpus(), { dimensions: 4 })! };
    expect(Array.from(again.termVectors)).toEqual(Array.from(model.termVectors));
    expect(projectText(model, 'nothing here is known')).toBeNull();
  });

  it('learns nothing from a corpus with fewer terms than dimensions', () => {
    expect(trainLatentModel(['pitcher batter', 'pitcher batter', 'pitcher batter'], { dimensions: 8 })).toBeNull();
  });
});
