import { dot } from './score.js';
import type { RankedItem, RankingConfig } from './types.js';

/**
 * Greedy MMR with hard per-page caps. Position by position, the next item is the one that fits
 * the caps and maximises
 *     λ · normalisedScore − (1 − λ) · max similarity to the items already in its page window,
 * where the page window is the last `pageSize − 1` items chosen, so every run of `pageSize`
 * consecutive items (any page the caller cuts from the list) holds at most `max_per_source`
 * items of one source and `max_per_category` of one category.
 *
 * Bounded for speed (docs/ranking.md, "Measured"): MMR runs over the top MMR_POOL_FACTOR × limit
 * items by score only; candidates are visited in score order and the scan stops as soon as
 * λ · normalisedScore cannot beat the best value found; similarities are cached per pair and
 * computed only until a candidate is known to lose.
 */

export const MMR_POOL_FACTOR = 4;

/** Similarity of two items without both vectors: sharing a source or a category makes them alike. */
const SAME_SOURCE_SIMILARITY = 0.5;
const SAME_CATEGORY_SIMILARITY = 0.5;

export function byRank(a: RankedItem, b: RankedItem): number {
  // Not `b.score - a.score || …`: a double returned allocates a heap number per comparison (issue 17).
  return b.score > a.score ? 1 : b.score < a.score ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** In [0, 1]: dot product of the vectors (negative counts 0), else shared source and category. */
export function itemSimilarity(a: RankedItem, b: RankedItem): number {
  const va = a.candidate.vector;
  const vb = b.candidate.vector;
  if (va !== null && vb !== null) return Math.max(0, dot(va, vb));
  let s = 0;
  if (a.candidate.sourceId === b.candidate.sourceId) s += SAME_SOURCE_SIMILARITY;
  if (a.candidate.category !== null && a.candidate.category === b.candidate.category) s += SAME_CATEGORY_SIMILARITY;
  return s;
}

/**
 * Up to `limit` items of `scored` in served order. When no remaining item fits the caps (the
 * pool is too uniform), the caps are relaxed for that one position only: the item that exceeds
 * them by the least is taken, the source cap counting before the category cap (fewest items
 * over the source cap, then over the category cap, then MMR), and the caps apply again from the
 * next position. So a pool of two sources still holds the category cap, and a pool of one
 * category still holds the source cap. The list is never shorter than min(limit, scored.length).
 */
export function diversify(scored: RankedItem[], limit: number, config: RankingConfig, pageSize: number): RankedItem[] {
  const want = Math.min(Math.max(0, Math.floor(limit)), scored.length);
  if (want === 0) return [];
  const items = isSortedByRank(scored) ? scored : scored.slice().sort(byRank);
  const n = items.length;
  const window = Math.max(1, Math.floor(pageSize));
  const lambda = Math.min(1, Math.max(0, config.diversity.lambda));
  const diversityWeight = 1 - lambda;
  const sourceCap = Math.max(1, config.diversity.max_per_source);
  const categoryCap = Math.max(1, config.diversity.max_per_category);

  // Sources and categories as small integers, counted in typed arrays over the sliding window.
  // An uncategorised item is capped as a category of its own ('' key).
  const sourceOf = new Int32Array(n);
  const categoryOf = new Int32Array(n);
  const sourceIds = new Map<string, number>();
  const categoryIds = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const c = (items[i] as RankedItem).candidate;
    sourceOf[i] = intern(sourceIds, c.sourceId);
    categoryOf[i] = intern(categoryIds, c.category ?? '');
  }
  const sourceCount = new Int32Array(sourceIds.size);
  const categoryCount = new Int32Array(categoryIds.size);

  // Scores normalised over the MMR pool, so λ weighs the same whatever the weights' scale: 0 at
  // the pool's lowest, 1 at its pageSize-th best. Not at its best: one item far above the rest
  // (a weighted collaborative part of 1.2 in a pool whose other scores spanned 0.6) then squeezed
  // every other score into the lower third of the range, and similarity alone ordered the page
  // (bench/RESULTS.md, issue 16 (b)). The few above get more than 1 and stay first unless alike.
  const poolSize = Math.min(n, MMR_POOL_FACTOR * want);
  const low = (items[poolSize - 1] as RankedItem).score;
  const pageBest = (items[Math.min(poolSize, window) - 1] as RankedItem).score;
  const range = pageBest > low ? pageBest - low : (items[0] as RankedItem).score - low;
  const upper = new Float64Array(poolSize); // λ · normalised score: the best value an item can reach
  for (let i = 0; i < poolSize; i++) upper[i] = lambda * (range > 0 ? ((items[i] as RankedItem).score - low) / range : 1);

  const chosen: number[] = [];
  const taken = new Uint8Array(n);

  /** 0 when item i fits the caps; else its excess, source before category: sourceExcess · n + categoryExcess. */
  const overCaps = (i: number): number =>
    Math.max(0, (sourceCount[sourceOf[i] as number] as number) + 1 - sourceCap) * n +
    Math.max(0, (categoryCount[categoryOf[i] as number] as number) + 1 - categoryCap);

  // Similarities of pool items to the chosen items still in the window: a ring of `window`
  // slots per pool item, chosen[k] in slot k % window, valid when its stamp is k + 1. One
  // allocation per call (800 × 20 slots for limit 200, page 20) instead of one per candidate.
  const similarity = new Float64Array(poolSize * window);
  const stamp = new Int32Array(poolSize * window);

  /**
   * Max similarity of pool item i to chosen[from..to), stopping early once it reaches `enough`.
   * Known similarities are read first: most candidates lose on one of them before any new dot
   * product (18 % fewer dot products on the bench pool).
   */
  const maxSimilarity = (i: number, from: number, to: number, enough: number): number => {
    const base = i * window;
    let max = 0;
    for (let k = from; k < to; k++) {
      const slot = base + (k % window);
      if (stamp[slot] !== k + 1) continue;
      const s = similarity[slot] as number;
      if (s > max) {
        max = s;
        if (max >= enough) return max;
      }
    }
    for (let k = to - 1; k >= from; k--) {
      const slot = base + (k % window);
      if (stamp[slot] === k + 1) continue;
      const s = itemSimilarity(items[i] as RankedItem, items[chosen[k] as number] as RankedItem);
      similarity[slot] = s;
      stamp[slot] = k + 1;
      if (s > max) {
        max = s;
        if (max >= enough) return max;
      }
    }
    return max;
  };

  /** The best item whose cap excess is at most `allowed`, or -1. */
  const select = (position: number, allowed: number): number => {
    const from = Math.max(0, position - window + 1);
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < poolSize; i++) {
      if (taken[i] === 1) continue;
      const bound = upper[i] as number;
      if (best >= 0 && bound <= bestValue) break; // pool is in score order: nothing further can win
      if (overCaps(i) > allowed) continue;
      if (diversityWeight === 0) return i;
      const enough = best < 0 ? Number.POSITIVE_INFINITY : (bound - bestValue) / diversityWeight;
      const value = bound - diversityWeight * maxSimilarity(i, from, position, enough);
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    if (best >= 0) return best;
    // Nothing in the pool fits: the first fitting item beyond it, in score order.
    for (let i = poolSize; i < n; i++) if (taken[i] === 0 && overCaps(i) <= allowed) return i;
    return -1;
  };

  // Once nothing fits the caps, nothing will until a count in the window drops below its cap
  // (`blocked`). Meanwhile the least excess is found over the (source, category) pairs left,
  // not over every item: a one-source pool of 2,000 otherwise scans 2,000 items per position.
  let blocked = false;
  let pairs: RemainingPairs | null = null;

  for (let position = 0; position < want; position++) {
    let pick = blocked ? -1 : select(position, 0);
    if (pick < 0) {
      blocked = true;
      pairs ??= remainingPairs(n, taken, sourceOf, categoryOf, categoryIds.size);
      pick = select(position, pairs.leastExcess(overCaps));
    }
    chosen.push(pick);
    taken[pick] = 1;
    pairs?.take(pick);
    bump(sourceCount, sourceOf[pick] as number, 1);
    bump(categoryCount, categoryOf[pick] as number, 1);
    const leaving = chosen.length - window; // the item that drops out of the next position's window
    if (leaving >= 0) {
      const out = chosen[leaving] as number;
      bump(sourceCount, sourceOf[out] as number, -1);
      bump(categoryCount, categoryOf[out] as number, -1);
      if (sourceCount[sourceOf[out] as number] === sourceCap - 1 || categoryCount[categoryOf[out] as number] === categoryCap - 1)
        blocked = false;
    }
  }
  return chosen.map((i) => items[i] as RankedItem);
}

interface RemainingPairs {
  /** The least cap excess of any item left, given overCaps of an item. */
  leastExcess(overCaps: (i: number) => number): number;
  take(i: number): void;
}

/** The (source, category) pairs of the items not taken yet, each with one of its items and a count. */
function remainingPairs(n: number, taken: Uint8Array, sourceOf: Int32Array, categoryOf: Int32Array, categories: number): RemainingPairs {
  const pairOf = new Int32Array(n);
  const ids = new Map<number, number>();
  const example: number[] = [];
  const left: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = (sourceOf[i] as number) * categories + (categoryOf[i] as number);
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = example.length));
      example.push(i);
      left.push(0);
    }
    pairOf[i] = id;
    if (taken[i] === 0) left[id] = (left[id] as number) + 1;
  }
  return {
    leastExcess(overCaps) {
      let least = Number.POSITIVE_INFINITY;
      for (let p = 0; p < example.length && least > 0; p++)
        if ((left[p] as number) > 0) least = Math.min(least, overCaps(example[p] as number));
      return least;
    },
    take(i) {
      const p = pairOf[i] as number;
      left[p] = (left[p] as number) - 1;
    },
  };
}

function bump(counts: Int32Array, key: number, by: number): void {
  counts[key] = (counts[key] as number) + by;
}

function intern(ids: Map<string, number>, key: string): number {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  return id;
}

function isSortedByRank(items: readonly RankedItem[]): boolean {
  for (let i = 1; i < items.length; i++) if (byRank(items[i - 1] as RankedItem, items[i] as RankedItem) > 0) return false;
  return true;
}
