import { collaborativeCandidates, type CollaborativeSizes } from '../learning/collaborative-retrieval.js';
import type { CollaborativeModel } from '../learning/model-store.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { AreaTarget, UserProfile } from '../ranking/types.js';
import type { ContentPool } from './content-pool.js';
import type { PoolItem } from './pool-item.js';

/** Candidates taken from each channel. */
export interface ChannelSizes {
  vectors: number;
  /** Vector index lists scanned (default: the index's own, recall ≈ 0.94 at k = 200). */
  vectorProbes?: number;
  perArea: number;
  perFollowedSource: number;
  fresh: number;
  popular: number;
  /** The collaborative channels (default: COLLABORATIVE_CHANNELS). */
  collaborative?: CollaborativeSizes;
}

/** Enough for a 100-item ranked list after filtering and diversification. */
export const FEED_CHANNELS: ChannelSizes = { vectors: 120, perArea: 150, perFollowedSource: 30, fresh: 200, popular: 60 };

export interface RetrievalInput {
  pool: ContentPool;
  config: AlgorithmConfig;
  now: number;
  profile: UserProfile | null;
  areas: AreaTarget[];
  followed: ReadonlySet<string>;
  /** Read items, blocked sources: never candidates. */
  read: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  /** The tenant's most popular items, best first. */
  popular: readonly string[];
  sizes?: ChannelSizes;
  /** The tenant's collaborative model with this user's factors, when both exist. */
  collaborative?: { model: CollaborativeModel; user: Float32Array; latestEngaged: string | null };
}

/**
 * DESIGN §8 retrieval: candidates merged from nearest neighbours of the
 * profile vector (the pool's vector index), the collaborative model's best
 * predictions for the user and the items nearest their latest read in its
 * factor space (learning/collaborative-retrieval.ts), the resolved areas (and their
 * municipality and prefecture), followed sources, the freshest and the most
 * popular items, all over the live pool this algorithm allows. Each channel
 * reads an index or walks a recency list until it has enough; none scans the
 * pool.
 */
export function retrieveCandidates(input: RetrievalInput): PoolItem[] {
  const { pool, config, now } = input;
  const sizes = input.sizes ?? FEED_CHANNELS;
  const maxAgeMs = config.max_age_hours * 3_600_000;
  const allowed = allowedBy(pool, config, now, input.read, input.blocked);

  const chosen = new Map<string, PoolItem>();
  const take = (item: PoolItem | undefined) => {
    if (allowed(item)) chosen.set(item.id, item);
  };

  if (input.profile?.vector) {
    // The filter is given the item itself (the index's payload): no lookup per vector it is asked about.
    for (const hit of pool.vectors.search(input.profile.vector, sizes.vectors, (_id, item) => allowed(item), sizes.vectorProbes))
      take(pool.get(hit.id));
  }
  if (input.collaborative) {
    const { model, user, latestEngaged } = input.collaborative;
    for (const id of collaborativeCandidates(model, user, latestEngaged, (id) => allowed(pool.get(id)), sizes.collaborative))
      take(pool.get(id));
  }
  const areaIds = new Set(input.areas.flatMap((a) => [a.id, a.cityId, a.prefectureId]).filter((id): id is string => id !== null));
  for (const areaId of areaIds) newestOf(pool.newestInArea(areaId), sizes.perArea, allowed, now - maxAgeMs).forEach(take);
  for (const sourceId of input.followed)
    newestOf(pool.newestOfSource(sourceId), sizes.perFollowedSource, allowed, now - maxAgeMs).forEach(take);
  let fresh = 0;
  for (const item of pool.newest()) {
    if (fresh >= sizes.fresh || now - item.publishedAt > maxAgeMs) break; // newest first: nothing younger follows
    if (allowed(item)) {
      chosen.set(item.id, item);
      fresh++;
    }
  }
  let popular = 0;
  for (const id of input.popular) {
    if (popular >= sizes.popular) break;
    const item = pool.get(id);
    if (allowed(item)) {
      chosen.set(id, item);
      popular++;
    }
  }
  return [...chosen.values()];
}

/** What may be a candidate of this algorithm for this user: not read, not blocked, within the algorithm's limits. */
export function allowedBy(
  pool: ContentPool,
  config: AlgorithmConfig,
  now: number,
  read: ReadonlySet<string>,
  blocked: ReadonlySet<string>,
): (item: PoolItem | undefined) => item is PoolItem {
  const maxAgeMs = config.max_age_hours * 3_600_000;
  const languages = new Set(config.languages);
  const include = new Set(config.include_categories);
  const exclude = new Set(config.exclude_categories);
  return (item: PoolItem | undefined): item is PoolItem =>
    item !== undefined &&
    !read.has(item.id) &&
    !blocked.has(item.sourceId) &&
    pool.trustOf(item.sourceId) >= config.min_trust_level &&
    now - item.publishedAt <= maxAgeMs &&
    (languages.size === 0 || (item.language !== null && languages.has(item.language))) &&
    (include.size === 0 || (item.category !== null && include.has(item.category))) &&
    (item.category === null || !exclude.has(item.category));
}

/** The newest allowed items of a recency list (an area's or a source's), up to `limit`. */
function newestOf(
  items: readonly PoolItem[],
  limit: number,
  allowed: (item: PoolItem | undefined) => item is PoolItem,
  oldest: number,
): PoolItem[] {
  const found: PoolItem[] = [];
  for (const item of items) {
    if (found.length >= limit || item.publishedAt < oldest) break; // newest first: nothing younger follows
    if (allowed(item)) found.push(item);
  }
  return found;
}
