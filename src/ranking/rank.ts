import { byRank, diversify } from './diversify.js';
import { scoreCandidate, tenantPriorCtr } from './score.js';
import { seededRandom, seededShuffle, seededSlots } from './seeded.js';
import type { Candidate, RankContext, RankedItem, RankingConfig } from './types.js';

/** "New" for exploration: fewer impressions than the popularity prior's weight (score.ts). */
export const NEW_ITEM_MAX_IMPRESSIONS = 20;
/** Exploration picks come from the top 4 × (number of slots) new items by score, shuffled by the seed. */
export const EXPLORATION_POOL_FACTOR = 4;

/**
 * The one call of the feed service (and push jobs): score every candidate, diversify, then give
 * a share of the slots to new items the ranking would not have shown (exploration), so an item
 * without impressions can earn the clicks its popularity needs. Deterministic: the same
 * candidates, context and seed give the same list; the seed only moves exploration picks.
 */
export function rank(candidates: Candidate[], ctx: RankContext, options: { limit: number; pageSize: number }): RankedItem[] {
  const limit = Math.max(0, Math.floor(options.limit));
  const priorCtr = tenantPriorCtr(ctx.tenantCtr);
  const scored: RankedItem[] = candidates.map((candidate) => ({
    id: candidate.id,
    score: scoreCandidate(candidate, ctx, priorCtr),
    candidate,
  }));
  scored.sort(byRank);
  const main = diversify(scored, limit, ctx.config, options.pageSize);
  return explore(main, scored, limit, ctx.config, options.pageSize, ctx.seed);
}

/** Exploration slots in a list of `limit` items: with none, the seed changes nothing in `rank()`. */
export function explorationSlots(config: Pick<RankingConfig, 'exploration'>, limit: number): number {
  return Math.min(limit, Math.round(Math.min(1, Math.max(0, config.exploration)) * limit));
}

/**
 * Inserts round(exploration × limit) new items into seeded slots of the diversified list (one
 * per block of equal length, never the first slot), then cuts the list to `limit`. A slot takes
 * the first pick that keeps every page window it lands in within the caps; when none does (a
 * pool too uniform for the caps), the pick that exceeds them least, as diversify() does. The
 * items the picks push out are the last ones of `main`, so `main`'s own order is the same
 * whatever the seed.
 */
export function explore(
  main: RankedItem[],
  scored: readonly RankedItem[],
  limit: number,
  config: RankingConfig,
  pageSize: number,
  seed: number,
): RankedItem[] {
  const slotsWanted = explorationSlots(config, limit);
  if (slotsWanted === 0) return main.slice(0, limit);
  const served = new Set(main.map((item) => item.id));
  const fresh = scored.filter((item) => item.candidate.impressions < NEW_ITEM_MAX_IMPRESSIONS && !served.has(item.id));
  if (fresh.length === 0) return main.slice(0, limit);

  const random = seededRandom(seed);
  const slots = seededSlots(limit, slotsWanted, random);
  const poolSize = EXPLORATION_POOL_FACTOR * slotsWanted;
  // The shuffled pool first; behind it the other new items in score order, for slots where no
  // pool item fits the caps (e.g. the best new items all share the category the caps cut off).
  const queue = seededShuffle(fresh.slice(0, poolSize), random);
  for (let i = poolSize; i < fresh.length; i++) queue.push(fresh[i] as RankedItem);
  // Items of one (source, category) pair exceed the caps alike: only the first of each pair is
  // measured per slot, so a one-source pool does not measure all its new items for every slot.
  const pairIds = new Map<string, number>();
  const pairOf = new Map<RankedItem, number>();
  const pair = (item: RankedItem): number => {
    let id = pairOf.get(item);
    if (id === undefined) {
      const key = `${item.candidate.sourceId}\u0000${item.candidate.category ?? ''}`;
      id = pairIds.get(key);
      if (id === undefined) pairIds.set(key, (id = pairIds.size));
      pairOf.set(item, id);
    }
    return id;
  };
  let measured: Set<number>;
  const list = main.slice();
  const window = Math.max(1, Math.floor(pageSize));
  for (const slot of slots) {
    if (queue.length === 0) break;
    const at = Math.min(slot, list.length);
    measured = new Set<number>();
    let chosen = 0;
    let least = Number.POSITIVE_INFINITY;
    for (let q = 0; q < queue.length && least > 0; q++) {
      const id = pair(queue[q] as RankedItem);
      if (measured.has(id)) continue;
      measured.add(id);
      const excess = capExcess(list, at, (queue[q] as RankedItem).candidate, window, config);
      if (excess < least) {
        least = excess;
        chosen = q;
      }
    }
    const [pick] = queue.splice(chosen, 1) as [RankedItem];
    list.splice(at, 0, { ...pick, exploration: true });
  }
  return list.slice(0, limit);
}

/**
 * 0 when `item`, inserted at `at`, keeps every run of `window` items that holds it within the
 * caps; else by how much it exceeds them, source before category (as in diversify()).
 * Such a run is the insert plus window-1 consecutive items list[s .. s+window-2], s in [at-window+1, at].
 */
function capExcess(list: readonly RankedItem[], at: number, item: Candidate, window: number, config: RankingConfig): number {
  const category = item.category ?? '';
  const start = Math.max(0, at - window + 1);
  const end = Math.min(list.length, at + window - 1);
  let sources = 0;
  let categories = 0;
  for (let i = start; i < Math.min(start + window - 1, end); i++) {
    const c = (list[i] as RankedItem).candidate;
    if (c.sourceId === item.sourceId) sources++;
    if ((c.category ?? '') === category) categories++;
  }
  let sourceExcess = 0;
  let categoryExcess = 0;
  for (let s = start; ; s++) {
    sourceExcess = Math.max(sourceExcess, sources + 1 - config.diversity.max_per_source);
    categoryExcess = Math.max(categoryExcess, categories + 1 - config.diversity.max_per_category);
    if (s >= at) break;
    const leaving = (list[s] as RankedItem).candidate;
    if (leaving.sourceId === item.sourceId) sources--;
    if ((leaving.category ?? '') === category) categories--;
    if (s + window - 1 < end) {
      const entering = (list[s + window - 1] as RankedItem).candidate;
      if (entering.sourceId === item.sourceId) sources++;
      if ((entering.category ?? '') === category) categories++;
    }
  }
  return sourceExcess * (window + 1) + categoryExcess;
}
