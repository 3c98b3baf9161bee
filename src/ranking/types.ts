/**
 * The inputs and outputs of ranking (docs/ranking.md). Everything in src/ranking is a pure
 * function of these: no clock, no randomness but the seed, no I/O.
 */

/** One item the retrieval stage found for a request, with what ranking needs to know of it. */
export interface Candidate {
  id: string;
  sourceId: string;
  category: string | null;
  /** Epoch milliseconds. */
  publishedAt: number;
  /** L2-normalised (256-dim for the default embedder), or null when the item has none. */
  vector: Float32Array | null;
  /** The item's area ids with all their ancestors, e.g. ['station:1130208', 'city:13104', 'pref:13', 'jp']. */
  areaIds: readonly string[];
  /** This tenant's counts for the item (popularity). */
  impressions: number;
  clicks: number;
  /** The item's collaborative factors (learning/), or null for an item the model has not learned: new, or never engaged. */
  factors: Float32Array | null;
  /**
   * The item in the item-vector model's latent space (LSA, unit length), or null: not projected yet,
   * by another model version, or no model.
   */
  latent?: Float32Array | null;
}

/** What ranking knows of a user's taste (built by buildProfile in profile.ts). */
export interface UserProfile {
  /** Taste vector, L2-normalised, or null when there is no evidence and no interests. */
  vector: Float32Array | null;
  /** In [-1, 1]; a category absent from the map counts 0. */
  categoryAffinity: ReadonlyMap<string, number>;
  /** In [-1, 1]; a source absent from the map counts 0. */
  sourceAffinity: ReadonlyMap<string, number>;
  followedSources: ReadonlySet<string>;
  /** Weighted count of interactions; 0 for a new user. */
  evidence: number;
  /** The user's collaborative factors, folded in from their interactions; null without a model or without engagement it knows. */
  factors: Float32Array | null;
  /**
   * The user's average predicted preference over the model's items (learning/collaborative-models.ts):
   * the collaborative part is taken less it. 0 when absent.
   */
  factorsAverage?: number;
  /**
   * The taste vector in the item-vector model's latent space (unit length), built like `vector` from
   * the items' latent vectors; null without them.
   */
  latent?: Float32Array | null;
}

/** One resolved area of the request/profile, with its ancestors, for the area boost. */
export interface AreaTarget {
  id: string;
  cityId: string | null;
  prefectureId: string | null;
}

/** The subset of an algorithm config (src/scenarios/algorithm-config.ts) ranking uses. */
export interface RankingConfig {
  freshness_half_life_hours: number;
  weights: { relevance: number; collaborative: number; freshness: number; popularity: number; area: number; follow: number };
  diversity: { lambda: number; max_per_source: number; max_per_category: number };
  /** 0..1: share of slots for new items with few impressions. */
  exploration: number;
}

export interface RankContext {
  /** null for anonymous and unregistered users: no relevance, no follow boost. */
  profile: UserProfile | null;
  areas: AreaTarget[];
  config: RankingConfig;
  /** Epoch milliseconds: the clock is the caller's. */
  now: number;
  /** Drives the exploration picks, and nothing else. */
  seed: number;
  /** The tenant's totals: the prior of every item's smoothed CTR. */
  tenantCtr: { impressions: number; clicks: number };
}

export interface RankedItem {
  id: string;
  score: number;
  candidate: Candidate;
  /** True for an exploration pick (a new item placed in a reserved slot), absent otherwise. */
  exploration?: true;
}
