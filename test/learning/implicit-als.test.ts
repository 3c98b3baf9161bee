import { describe, expect, it } from 'vitest';
import { ALS_DEFAULTS, foldIn, gramMatrix, trainAls, transpose, type InteractionMatrix } from '../../src/learning/implicit-als.js';

/** Rows of item columns, every entry an engagement of confidence 11 (one click). */
function matrix(items: number, rows: number[][]): InteractionMatrix {
  const rowStart = [0];
  const item: number[] = [];
  for (const row of rows) {
    item.push(...row);
    rowStart.push(item.length);
  }
  return {
    users: rows.length,
    items,
    rowStart: Int32Array.from(rowStart),
    item: Int32Array.from(item),
    preference: new Uint8Array(item.length).fill(1),
    confidence: new Float32Array(item.length).fill(11),
  };
}

// Two taste groups over 40 items: readers of 0–9 and readers of 20–29, four items each, rotating.
const groupA = Array.from({ length: 30 }, (_, u) => [0, 1, 2, 3].map((i) => (u + i * 3) % 10));
const groupB = Array.from({ length: 30 }, (_, u) => [0, 1, 2, 3].map((i) => 20 + ((u + i * 3) % 10)));
const m = matrix(40, [...groupA, ...groupB]);

describe('implicit ALS', () => {
  it('transposes entries to items without losing or moving any', () => {
    const byItem = transpose(m);
    expect(byItem.users).toBe(40);
    expect(byItem.item.length).toBe(m.item.length);
    expect(Array.from(byItem.item.subarray(byItem.rowStart[0], byItem.rowStart[1]))).toEqual(
      groupA.flatMap((row, u) => (row.includes(0) ? [u] : [])),
    );
  });

  it('gives the same factors for the same interactions and seed', () => {
    expect(trainAls(m).itemFactors).toEqual(trainAls(m).itemFactors);
  });

  it("folds a new reader of three group-A items in: the rest of group A is predicted well above group B's and the unread items", () => {
    const model = trainAls(m);
    const k = model.factors;
    const gram = gramMatrix(model.itemFactors, k, ALS_DEFAULTS.regularization);
    const user = foldIn(
      gram,
      model.itemFactors,
      k,
      [0, 4, 8].map((item) => ({ item, preference: 1, confidence: 11 })),
    );
    const predict = (item: number) => user.reduce((sum, x, f) => sum + x * model.itemFactors[item * k + f]!, 0);
    const restOfA = [1, 2, 3, 5, 6, 7, 9].map(predict);
    const others = [...Array.from({ length: 10 }, (_, i) => 20 + i), 10, 15, 35].map(predict);
    expect(Math.min(...restOfA)).toBeGreaterThan(0.2);
    expect(Math.max(...others)).toBeLessThan(0.05);
  });
});
