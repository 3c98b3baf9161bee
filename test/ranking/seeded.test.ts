import { describe, expect, it } from 'vitest';
import { seededRandom, seededShuffle, seededSlots } from '../../src/ranking/seeded.js';

describe('seeded choices', () => {
  it('shuffle: a permutation, the same for the same seed, the input untouched', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const a = seededShuffle(items, seededRandom(9));
    expect(a).toEqual(seededShuffle(items, seededRandom(9)));
    expect(a).not.toEqual(seededShuffle(items, seededRandom(10)));
    expect(a.slice().sort((x, y) => x - y)).toEqual(items);
    expect(items[0]).toBe(0);
  });

  it('slots: one per equal block, ascending, never position 0', () => {
    for (let seed = 0; seed < 50; seed++) {
      const slots = seededSlots(200, 10, seededRandom(seed));
      expect(slots).toHaveLength(10);
      slots.forEach((slot, k) => {
        expect(slot).toBeGreaterThanOrEqual(1 + Math.floor((k * 199) / 10));
        expect(slot).toBeLessThan(1 + Math.floor(((k + 1) * 199) / 10));
      });
    }
    expect(seededSlots(5, 10, seededRandom(1))).toEqual([1, 2, 3, 4]);
    expect(seededSlots(1, 1, seededRandom(1))).toEqual([]);
  });
});
