import type { Candidate } from '../ranking/types.js';

/** A live item as the feed holds it in memory: what retrieval filters on and ranking scores. */
export interface PoolItem {
  id: string;
  sourceId: string;
  category: string | null;
  language: string | null;
  publishedAt: number;
  vector: Float32Array | null;
  /** The item in the item-vector model's latent space, and the model version that made it (null: not projected). */
  latent: Float32Array | null;
  latentVersion: number | null;
  /** Area ids with their ancestors. */
  areaIds: readonly string[];
  updatedAt: number;
}

/** The item's latent vector when the model in use (`version`) made it: vectors of two versions are never compared. */
export function latentOf(item: PoolItem | undefined, version: number | null): Float32Array | null {
  return item !== undefined && version !== null && item.latentVersion === version ? item.latent : null;
}

export function toCandidate(
  item: PoolItem,
  stats: { impressions: number; clicks: number } | undefined,
  factors: Float32Array | null = null,
  latentVersion: number | null = null,
): Candidate {
  return {
    id: item.id,
    sourceId: item.sourceId,
    category: item.category,
    publishedAt: item.publishedAt,
    vector: item.vector,
    areaIds: item.areaIds,
    impressions: stats?.impressions ?? 0,
    clicks: stats?.clicks ?? 0,
    factors,
    latent: latentOf(item, latentVersion),
  };
}
