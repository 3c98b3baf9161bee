import type { UserProfile } from './types.js';

/**
 * The learned profile: a user's interactions with items, weighted by kind and recency, pull the
 * taste vector and the category/source affinities towards what they engaged with and away from
 * what they disliked or kept scrolling past. Constants are in docs/ranking.md.
 */

/** One item's interactions by this user, summed (the feed service loads them from events). */
export interface ItemSignal {
  vector: Float32Array | null;
  /** The item's latent vector of the model in use (null: none, or another version). */
  latent?: Float32Array | null;
  category: string | null;
  sourceId: string;
  clicks: number;
  likes: number;
  dislikes: number;
  shares: number;
  dwellMs: number;
  impressions: number;
  /** Epoch milliseconds of the latest interaction with the item. */
  lastAt: number;
}

const DAY_MS = 86_400_000;
/** Two weeks: a taste from last month still counts a quarter. */
export const SIGNAL_HALF_LIFE_DAYS = 14;

/** Weights per kind, in units of one click. */
export const SIGNAL_WEIGHTS = {
  click: 1,
  /** Repeated clicks on one item say little more than the first few. */
  maxClicks: 3,
  like: 2,
  share: 3,
  /** Reading time: 30 s counts one click, capped at two. */
  dwellMsPerClick: 30_000,
  maxDwell: 2,
  dislike: -3,
  /** An impression never clicked (capped at 5 per item): a faint "not for me". */
  ignoredImpression: -0.15,
  maxIgnored: 5,
} as const;

/** The declared interests count as this many clicks: they lead for a new user and fade as evidence grows. */
export const INTEREST_WEIGHT = 3;
/** tanh(sum / 3): one click on a category gives 0.32, three 0.76, ten 0.997; one dislike −0.76. */
export const AFFINITY_SCALE = 3;

/** Positive and negative weight of one item's signals, before recency. */
export function signalWeights(s: ItemSignal): { pull: number; push: number } {
  const w = SIGNAL_WEIGHTS;
  const clicks = Math.min(Math.max(0, s.clicks), w.maxClicks);
  const dwell = Math.min(Math.max(0, s.dwellMs) / w.dwellMsPerClick, w.maxDwell);
  const pull = clicks * w.click + Math.max(0, s.likes) * w.like + Math.max(0, s.shares) * w.share + dwell;
  const engaged = s.clicks > 0 || s.likes > 0 || s.shares > 0 || s.dwellMs > 0;
  const ignored = engaged ? 0 : Math.min(Math.max(0, s.impressions), w.maxIgnored);
  const push = Math.max(0, s.dislikes) * -w.dislike + ignored * -w.ignoredImpression;
  return { pull, push };
}

export function buildProfile(input: {
  signals: ItemSignal[];
  interestVector: Float32Array | null;
  /** The interests in the latent space of the model in use: related words the articles use reach them through it. */
  interestLatent?: Float32Array | null;
  /** The category the interests are about (the category classifier's guess): as many clicks on it as the interests weigh. */
  interestCategory?: string | null;
  followedSources: Iterable<string>;
  now: number;
  /** The user's collaborative factors (learning/collaborative-models.ts), when the tenant has a model. */
  factors?: Float32Array | null;
  /** The user's average predicted preference over the model's items: what the collaborative part is taken relative to. */
  factorsAverage?: number;
}): UserProfile {
  const categorySums = new Map<string, number>();
  const sourceSums = new Map<string, number>();
  let vector: Float64Array | null = null;
  let latent: Float64Array | null = null;
  let evidence = 0;

  for (const s of input.signals) {
    const { pull, push } = signalWeights(s);
    if (pull === 0 && push === 0) continue;
    const recency = Math.pow(0.5, Math.max(0, input.now - s.lastAt) / (SIGNAL_HALF_LIFE_DAYS * DAY_MS));
    const net = recency * (pull - push);
    evidence += recency * (pull + push);
    if (s.category !== null) categorySums.set(s.category, (categorySums.get(s.category) ?? 0) + net);
    sourceSums.set(s.sourceId, (sourceSums.get(s.sourceId) ?? 0) + net);
    if (s.vector !== null && net !== 0) vector = addScaled(vector, s.vector, net);
    if (s.latent && net !== 0) latent = addScaled(latent, s.latent, net);
  }
  if (input.interestVector !== null) vector = addScaled(vector, input.interestVector, INTEREST_WEIGHT);
  if (input.interestLatent) latent = addScaled(latent, input.interestLatent, INTEREST_WEIGHT);
  // A related word the articles never use still names a category the classifier learned.
  if (input.interestCategory) categorySums.set(input.interestCategory, (categorySums.get(input.interestCategory) ?? 0) + INTEREST_WEIGHT);

  return {
    vector: vector === null ? null : normalise(vector),
    categoryAffinity: squash(categorySums),
    sourceAffinity: squash(sourceSums),
    followedSources: new Set(input.followedSources),
    evidence,
    factors: input.factors ?? null,
    factorsAverage: input.factors ? (input.factorsAverage ?? 0) : 0,
    latent: latent === null ? null : normalise(latent),
  };
}

/** Sums in Float64 so hundreds of signals add up without float32 drift; a vector of another length is skipped. */
function addScaled(sum: Float64Array | null, v: Float32Array, scale: number): Float64Array {
  const out = sum ?? new Float64Array(v.length);
  if (out.length !== v.length) return out;
  for (let i = 0; i < v.length; i++) out[i] = (out[i] as number) + scale * (v[i] as number);
  return out;
}

/** L2-normalised float32 copy, or null when the sum cancelled out (e.g. a like and a dislike of one item). */
function normalise(v: Float64Array): Float32Array | null {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += (v[i] as number) * (v[i] as number);
  norm = Math.sqrt(norm);
  if (norm < 1e-9) return null;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] as number) / norm;
  return out;
}

function squash(sums: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, sum] of sums) if (sum !== 0) out.set(key, Math.tanh(sum / AFFINITY_SCALE));
  return out;
}
