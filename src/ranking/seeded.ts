import { seededRandom } from '../lib/seeded-random.js';

/**
 * Seeded choices for exploration: the only randomness in ranking, so one request's seed fixes
 * its whole order (and tests can assert on it).
 */

export { seededRandom };

/** Fisher–Yates with the given generator: a new array, the input untouched. */
export function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/**
 * `count` distinct positions in [1, length), one in each of `count` equal blocks, at a seeded
 * offset inside its block, ascending. Position 0 is never chosen: the first slot of a feed gets
 * the most attention, so it always goes to the best-ranked item.
 */
export function seededSlots(length: number, count: number, random: () => number): number[] {
  const slots: number[] = [];
  if (length < 2 || count <= 0) return slots;
  const n = Math.min(count, length - 1);
  const block = (length - 1) / n;
  for (let k = 0; k < n; k++) {
    const start = 1 + Math.floor(k * block);
    const end = 1 + Math.floor((k + 1) * block); // exclusive
    const slot = start + Math.floor(random() * Math.max(1, end - start));
    slots.push(Math.min(Math.max(slot, (slots.at(-1) ?? 0) + 1), length - 1));
  }
  return slots;
}
