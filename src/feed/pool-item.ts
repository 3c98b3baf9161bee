import type { Candidate } from '../ranking/types.js';

/** A live item as the feed holds it in memory: what retrieval filters on and ranking scores. */
export interface PoolItem {
  id: string;
  sourceId: string;
  category: string | null;
  language: string | null;
  publishedAt: number;
  vector: Float32Array | null;
  /** Area ids with their ancestors. */
  areaIds: readonly string[];
  updatedAt: number;
}

export function toCandidate(item: PoolItem, stats: { impressions: number; clicks: number } | undefined, factors: Float32Array | null = null): Candidate {
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
  };
}
