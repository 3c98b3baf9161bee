import { seededRandom } from '../../src/lib/seeded-random.js';
import { DEFAULT_ALGORITHM } from '../../src/scenarios/algorithm-config.js';
import type { Candidate, RankContext, RankedItem, RankingConfig } from '../../src/ranking/types.js';

export const HOUR = 3_600_000;
export const NOW = Date.UTC(2026, 10, 1, 12);
export const DIMENSIONS = 256;

export function config(overrides: Partial<RankingConfig> = {}): RankingConfig {
  const { freshness_half_life_hours, weights, diversity, exploration } = DEFAULT_ALGORITHM;
  return {
    freshness_half_life_hours,
    weights: { ...weights },
    diversity: { ...diversity },
    exploration,
    ...overrides,
  };
}

export function context(overrides: Partial<RankContext> = {}): RankContext {
  return { profile: null, areas: [], config: config(), now: NOW, seed: 1, tenantCtr: { impressions: 10_000, clicks: 500 }, ...overrides };
}

export function candidate(id: string, overrides: Partial<Candidate> = {}): Candidate {
  return {
    id,
    sourceId: 'src_a',
    category: 'society',
    publishedAt: NOW - HOUR,
    vector: null,
    areaIds: [],
    impressions: 100,
    clicks: 5,
    factors: null,
    ...overrides,
  };
}

export function normalised(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return v.map((x) => x / norm);
}

/** Unit vectors around `topics` random centroids: same topic ≈ 0.5 cosine, different ≈ 0, like news. */
export function topicVectors(topics: number, seed: number): (topic: number) => Float32Array {
  const random = seededRandom(seed);
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centroids = Array.from({ length: topics }, () => normalised(Float32Array.from({ length: DIMENSIONS }, gaussian)));
  return (topic) => {
    const c = centroids[topic % topics] as Float32Array;
    return normalised(Float32Array.from({ length: DIMENSIONS }, (_, i) => (c[i] as number) + gaussian() / Math.sqrt(DIMENSIONS)));
  };
}

export const CATEGORIES = ['politics', 'business', 'technology', 'sports', 'entertainment', 'society', 'world', 'gourmet'] as const;

/** A realistic pool: 50 sources, 8 categories, topic-clustered vectors, ages up to 72 h, a few popular items. */
export function pool(size: number, seed = 7): Candidate[] {
  const random = seededRandom(seed);
  const vectorOf = topicVectors(40, seed + 1);
  return Array.from({ length: size }, (_, i) => {
    const topic = Math.floor(random() * 40);
    const impressions = random() < 0.3 ? Math.floor(random() * 20) : Math.floor(random() * 2_000);
    return candidate(`c${String(i).padStart(5, '0')}`, {
      sourceId: `src_${Math.floor(random() * 50)}`,
      category: CATEGORIES[topic % CATEGORIES.length] as string,
      publishedAt: NOW - Math.floor(random() * 72 * HOUR),
      vector: vectorOf(topic),
      areaIds: random() < 0.2 ? ['city:13104', 'pref:13', 'jp'] : [],
      impressions,
      clicks: Math.floor(impressions * random() * 0.1),
    });
  });
}

/** The largest count of one source and of one category in any run of `window` consecutive items. */
export function worstWindow(list: readonly RankedItem[], window: number): { source: number; category: number } {
  let source = 0;
  let category = 0;
  for (let start = 0; start < list.length; start++) {
    const run = list.slice(start, start + window).map((item) => item.candidate);
    const most = (keys: string[]): number => Math.max(0, ...keys.map((k) => keys.filter((x) => x === k).length));
    source = Math.max(source, most(run.map((c) => c.sourceId)));
    category = Math.max(category, most(run.map((c) => c.category ?? '')));
  }
  return { source, category };
}
