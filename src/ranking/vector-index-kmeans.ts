import { BLOCK, dot, dot8, nearestRow, paddedRows } from './vector-index-dot.js';

/**
 * Spherical k-means (k-means++ seeding, then Lloyd) on unit vectors packed in one
 * Float32Array: centroids are re-normalised means, nearness is the dot product. Deterministic
 * for a given `random`: ties go to the lowest index, an emptied cluster is re-seeded with the
 * point farthest from its own centroid.
 */
export interface KMeansResult {
  /** Number of clusters: k, or fewer when there are fewer points. */
  clusters: number;
  /** `clusters` rows of `dim` values (then zero rows up to a whole kernel block), each of unit length. */
  centroids: Float32Array;
  /** Cluster of each input row. */
  assignment: Int32Array;
}

/** Rows assigned between two steps of a stepwise run (~1 ms at 18 clusters of 256 dimensions). */
export const STEP_ROWS = 512;

/**
 * Spherical k-means in steps: it yields after every STEP_ROWS rows assigned, so a caller can
 * hand its thread to other work between them (VectorIndex.trainInSteps); `finished` runs it at once.
 */
export function* sphericalKMeansSteps(
  data: Float32Array,
  count: number,
  dim: number,
  k: number,
  random: () => number,
  iterations: number,
): Generator<void, KMeansResult> {
  const clusters = Math.max(1, Math.min(k, count));
  const centroids = yield* seedPlusPlus(data, count, dim, clusters, random);
  const assignment = new Int32Array(count).fill(-1);
  const nearness = new Float64Array(count);
  const scratch = new Float64Array(clusters);
  for (let iter = 0; ; iter++) {
    let changed = 0;
    for (let from = 0; from < count; from += STEP_ROWS) {
      changed += assignRows(data, from, Math.min(count, from + STEP_ROWS), dim, centroids, clusters, assignment, nearness, scratch);
      yield;
    }
    // Under 0.5 % of points moving changes the lists too little to pay for another pass.
    if (iter >= iterations || (iter > 0 && changed <= count * 0.005)) break;
    recomputeCentroids(data, count, dim, clusters, assignment, nearness, centroids);
  }
  return { clusters, centroids, assignment };
}

/** Runs a stepwise computation to its end at once. */
export function finished<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Rows from..to to their nearest centroids; returns how many changed cluster. */
function assignRows(
  data: Float32Array,
  from: number,
  to: number,
  dim: number,
  centroids: Float32Array,
  clusters: number,
  assignment: Int32Array,
  nearness: Float64Array,
  scratch: Float64Array,
): number {
  let changed = 0;
  for (let i = from; i < to; i++) {
    const c = nearestRow(data, i * dim, centroids, clusters, dim, scratch);
    nearness[i] = scratch[c] as number;
    if (assignment[i] !== c) {
      assignment[i] = c;
      changed++;
    }
  }
  return changed;
}

/**
 * k-means++: each next centre is drawn with probability ∝ 1 − (best similarity so far), i.e. ∝ squared distance / 2.
 * A step per centre: each is a pass over every row (~0.1 s for 18 centres over a 10k sample, held at once).
 */
function* seedPlusPlus(data: Float32Array, count: number, dim: number, k: number, random: () => number): Generator<void, Float32Array> {
  const centroids = new Float32Array(paddedRows(k) * dim);
  const best = new Float64Array(count).fill(-Infinity);
  let pick = Math.floor(random() * count);
  for (let c = 0; c < k; c++) {
    centroids.set(data.subarray(pick * dim, pick * dim + dim), c * dim);
    if (c === k - 1) break;
    let total = 0;
    let i = 0;
    for (; i + BLOCK <= count; i += BLOCK) {
      dot8(centroids, c * dim, data, i * dim, dim, scores);
      for (let j = 0; j < BLOCK; j++) total += closer(best, i + j, scores[j] as number);
    }
    for (; i < count; i++) total += closer(best, i, dot(centroids, c * dim, data, i * dim, dim));
    pick = total > 0 ? drawWeighted(best, count, total * random()) : Math.floor(random() * count);
    yield;
  }
  return centroids;
}

const scores = new Float64Array(BLOCK);

/** Records similarity s for point i if it beats the best so far; returns the point's weight 1 − best. */
function closer(best: Float64Array, i: number, s: number): number {
  if (s > (best[i] as number)) best[i] = s;
  return Math.max(0, 1 - (best[i] as number));
}

function drawWeighted(best: Float64Array, count: number, target: number): number {
  let acc = 0;
  for (let i = 0; i < count; i++) {
    const w = Math.max(0, 1 - (best[i] as number));
    acc += w;
    if (acc > target && w > 0) return i;
  }
  for (let i = count - 1; i >= 0; i--) if ((best[i] as number) < 1) return i;
  return count - 1;
}

function recomputeCentroids(
  data: Float32Array,
  count: number,
  dim: number,
  k: number,
  assignment: Int32Array,
  nearness: Float64Array,
  centroids: Float32Array,
): void {
  const sums = new Float64Array(k * dim);
  const sizes = new Int32Array(k);
  for (let i = 0; i < count; i++) {
    const c = assignment[i] as number;
    sizes[c] = (sizes[c] as number) + 1;
    const o = c * dim;
    const io = i * dim;
    for (let d = 0; d < dim; d++) sums[o + d] = (sums[o + d] as number) + (data[io + d] as number);
  }
  for (let c = 0; c < k; c++) {
    if (sizes[c] === 0) {
      const far = farthestPoint(nearness, count);
      nearness[far] = Infinity; // not chosen twice
      centroids.set(data.subarray(far * dim, far * dim + dim), c * dim);
      continue;
    }
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += (sums[c * dim + d] as number) ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) centroids[c * dim + d] = (sums[c * dim + d] as number) * scale;
  }
}

function farthestPoint(nearness: Float64Array, count: number): number {
  let far = 0;
  for (let i = 1; i < count; i++) if ((nearness[i] as number) < (nearness[far] as number)) far = i;
  return far;
}
