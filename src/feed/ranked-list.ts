import { COMPONENTS } from '../ranking/score.js';
import type { Ranked } from './ranking-engine.js';

/** Score components per item (score.ts COMPONENTS). */
const WIDTH = COMPONENTS.length;

/**
 * A ranked list as columns, as the feed holds it: its lists, the snapshots
 * cursor chains page through (kept 75 minutes, up to 100,000 on a node) and
 * what a ranking thread sends back. As an array of `Ranked` a 60-item list was
 * 121 objects and ~23 KB on the HTTP thread's heap; the soak's node held
 * ~70,000 of them after 30 minutes, and full collections over them stalled
 * its event loop (issues 15 and 17). As columns it is five objects.
 */
export interface RankedList {
  readonly ids: readonly string[];
  /** Six decimals, as `Ranked.score`. */
  readonly scores: Float64Array;
  readonly sourceIds: readonly string[];
  /**
   * Each item's unweighted score components in thousandths (they are rounded to three
   * decimals, all in [-1, 1]), WIDTH per item; null when not known (a snapshot read back
   * from Redis, which keeps only ids, scores and sources).
   */
  readonly components: Int16Array | null;
}

export const EMPTY_LIST: RankedList = { ids: [], scores: new Float64Array(0), sourceIds: [], components: null };

/** The columns of `items`, in order. */
export function rankedList(items: readonly Ranked[]): RankedList {
  const withComponents = items.length > 0 && items.every((r) => r.components !== undefined);
  const components = withComponents ? new Int16Array(items.length * WIDTH) : null;
  items.forEach((r, i) => {
    if (components) r.components!.forEach((c, k) => (components[i * WIDTH + k] = Math.round(c * 1000)));
  });
  return {
    ids: items.map((r) => r.id),
    scores: Float64Array.from(items, (r) => r.score),
    sourceIds: items.map((r) => r.sourceId),
    components,
  };
}

/** Item `i` as a `Ranked` (for the few items a page or a push serves). */
export function rankedAt(list: RankedList, i: number): Ranked {
  const ranked: Ranked = { id: list.ids[i]!, score: list.scores[i]!, sourceId: list.sourceIds[i]! };
  if (list.components) ranked.components = Array.from(list.components.subarray(i * WIDTH, (i + 1) * WIDTH), (c) => c / 1000);
  return ranked;
}

/** Every item as a `Ranked`, in order. */
export function rankedItems(list: RankedList): Ranked[] {
  return list.ids.map((_, i) => rankedAt(list, i));
}
