import { TopK } from '../ranking/vector-index-top-k.js';
import { averagePreference } from './collaborative-models.js';
import type { CollaborativeModel } from './model-store.js';

/** Candidates from each collaborative channel of a feed list. */
export interface CollaborativeSizes {
  /** Items the user's factors predict best (the user-factor channel). */
  byUser: number;
  /** Items nearest the user's latest engaged item in factor space ("readers of this also read"). */
  alsoRead: number;
}

export const COLLABORATIVE_CHANNELS: CollaborativeSizes = { byUser: 100, alsoRead: 30 };

/**
 * The two collaborative retrieval channels in one pass over the model's
 * items: the best predicted for the user, and the nearest (cosine) to their
 * latest engaged item. `admits` (the pool's and the algorithm's rules) is
 * asked only of an item that would enter a channel's best list, so the pass
 * costs two 32-float dot products an item. Only items with positive scores
 * (predicted above the user's average, and nearer than orthogonal) enter: the
 * rest say nothing the other channels do not.
 */
export function collaborativeCandidates(
  model: CollaborativeModel,
  user: Float32Array,
  latestEngaged: string | null,
  admits: (id: string) => boolean,
  sizes: CollaborativeSizes = COLLABORATIVE_CHANNELS,
): string[] {
  const k = model.factors;
  const factors = model.itemFactors;
  const byUser = new TopK(sizes.byUser);
  // Above the user's average prediction: the items the collaborative part scores above 0.
  byUser.threshold = averagePreference(model, user);
  const anchorRow = latestEngaged === null ? undefined : model.itemRow.get(latestEngaged);
  const anchorNorm = anchorRow === undefined ? 0 : (model.itemNorms[anchorRow] as number);
  const alsoRead = anchorNorm > 0 && sizes.alsoRead > 0 ? new TopK(sizes.alsoRead) : null;
  if (alsoRead) alsoRead.threshold = 0;
  const anchor = anchorRow === undefined ? 0 : anchorRow * k;

  for (let row = 0; row < model.itemIds.length; row++) {
    const base = row * k;
    let predicted = 0;
    let near = 0;
    for (let f = 0; f < k; f++) {
      const y = factors[base + f] as number;
      predicted += (user[f] as number) * y;
      near += (factors[anchor + f] as number) * y;
    }
    const id = model.itemIds[row] as string;
    if (predicted > byUser.threshold && byUser.admits(predicted, id) && admits(id)) byUser.push(predicted, id);
    if (alsoRead !== null && row !== anchorRow) {
      const norm = model.itemNorms[row] as number;
      const cosine = norm === 0 ? 0 : near / (norm * anchorNorm);
      if (cosine > alsoRead.threshold && alsoRead.admits(cosine, id) && admits(id)) alsoRead.push(cosine, id);
    }
  }
  const ids = byUser.sorted().map((hit) => hit.id);
  if (alsoRead) for (const hit of alsoRead.sorted()) ids.push(hit.id);
  return ids;
}
