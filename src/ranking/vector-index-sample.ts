import type { VectorList } from './vector-index-list.js';

/**
 * The k-means sample of a training (vector-index.ts): `count` distinct vectors of `lists`
 * (holding `size` in all), drawn with `random`, packed row after row. Partial Fisher–Yates
 * over the positions of the list-by-list order, then read in that order: the same lists and
 * draws give the same sample.
 */
export function drawSample<P>(
  lists: readonly VectorList<P>[],
  size: number,
  dim: number,
  count: number,
  random: () => number,
): Float32Array {
  const order = new Int32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (size - i));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  const chosen = order.subarray(0, count).sort();
  const sample = new Float32Array(count * dim);
  let at = 0;
  let base = 0;
  for (const list of lists) {
    while (at < count && (chosen[at] as number) < base + list.count) {
      sample.set(list.vectors[(chosen[at] as number) - base] as Float32Array, at * dim);
      at++;
    }
    base += list.count;
  }
  return sample;
}
