import { COMPONENTS } from '../ranking/score.js';

/** One served item: its score components when ranked, where it was shown, and whether it was clicked. */
export interface WeightSample {
  features: readonly number[];
  position: number;
  clicked: boolean;
}

export type Weights = Record<(typeof COMPONENTS)[number], number>;

/** Fewer clicks than this and the configured weights stand: too little to learn from. */
export const MIN_CLICKS = 30;
export const MIN_IMPRESSIONS = 300;
/**
 * The prior: a Gaussian around the configured weights with standard deviation
 * 1 (a weight of 0.5 may well be 1.5). Tighter (σ = 0.14, tried) kept a part
 * that predicted every click at 0.65 where the clicks asked for several times that.
 */
const PRIOR_STRENGTH = 1;
/**
 * Position terms: one per slot of a first page (0 is the baseline), then 10–19 and 20+.
 * Coarser buckets (3–4, 5–9) left the slope inside a bucket to the part the page was
 * ordered by, and fitted it as if it predicted clicks.
 */
const BUCKET_STARTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];
const NEWTON_STEPS = 25;

/**
 * Weights of the score's components fitted to what users clicked, corrected
 * for position bias: a regularised logistic model
 *   logit P(click) = b + β_position + Σ w_k · component_k
 * fitted by Newton's method, where the position terms absorb how much more a
 * higher slot is clicked whatever it holds, and are dropped after fitting.
 * The configured weights are the prior: w is pulled towards them
 * (PRIOR_STRENGTH). The result is scaled to the prior's
 * total (only ratios order a list, and MMR reads normalised scores), and no
 * weight is negative (an algorithm's weights are 0–10). Null below MIN_CLICKS
 * or MIN_IMPRESSIONS examples, or when every example was clicked: the prior stands.
 */
export function fitWeights(samples: readonly WeightSample[], prior: Weights): Weights | null {
  const clicks = samples.filter((s) => s.clicked).length;
  // Every example clicked (or none) says nothing about what makes a click: the prior stands.
  if (clicks < MIN_CLICKS || samples.length < MIN_IMPRESSIONS || clicks === samples.length) return null;
  const k = COMPONENTS.length;
  const buckets = BUCKET_STARTS.length;
  const dims = 1 + buckets + k; // intercept, position buckets, components
  const priorVector = COMPONENTS.map((c) => prior[c]);
  const theta = new Float64Array(dims);
  theta[0] = Math.log(clicks / (samples.length - clicks));
  for (let j = 0; j < k; j++) theta[1 + buckets + j] = priorVector[j]!;
  const x = new Float64Array(dims);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const gradient = new Float64Array(dims);
    const hessian = new Float64Array(dims * dims);
    for (const s of samples) {
      encode(s, x, buckets, k);
      let z = 0;
      for (let d = 0; d < dims; d++) z += theta[d]! * x[d]!;
      const p = 1 / (1 + Math.exp(-z));
      const residual = p - (s.clicked ? 1 : 0);
      const curvature = p * (1 - p);
      for (let a = 0; a < dims; a++) {
        if (x[a] === 0) continue;
        gradient[a]! += residual * x[a]!;
        for (let b = 0; b < dims; b++) hessian[a * dims + b]! += curvature * x[a]! * x[b]!;
      }
    }
    // The prior on the components; a light ridge on the position terms keeps empty buckets at 0.
    for (let d = 1; d < dims; d++) {
      const isComponent = d > buckets;
      const strength = isComponent ? PRIOR_STRENGTH : 1;
      const centre = isComponent ? priorVector[d - 1 - buckets]! : 0;
      gradient[d]! += strength * (theta[d]! - centre);
      hessian[d * dims + d]! += strength;
    }
    hessian[0]! += 1e-6;
    const delta = solve(hessian, gradient, dims);
    let moved = 0;
    for (let d = 0; d < dims; d++) {
      theta[d]! -= delta[d]!;
      moved = Math.max(moved, Math.abs(delta[d]!));
    }
    if (moved < 1e-6) break;
  }
  const fitted = COMPONENTS.map((_, j) => Math.max(0, theta[1 + buckets + j]!));
  const total = fitted.reduce((a, b) => a + b, 0);
  const priorTotal = priorVector.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const scale = priorTotal / total;
  return Object.fromEntries(COMPONENTS.map((c, j) => [c, Math.min(10, Math.round(fitted[j]! * scale * 1000) / 1000)])) as Weights;
}

function encode(s: WeightSample, x: Float64Array, buckets: number, k: number): void {
  x.fill(0);
  x[0] = 1;
  let bucket = -1;
  for (let b = 0; b < buckets; b++) if (s.position >= BUCKET_STARTS[b]!) bucket = b;
  if (bucket >= 0) x[1 + bucket] = 1;
  for (let j = 0; j < k; j++) x[1 + buckets + j] = s.features[j] ?? 0;
}

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and positive definite). */
function solve(matrix: Float64Array, vector: Float64Array, n: number): Float64Array {
  const a = Float64Array.from(matrix);
  const b = Float64Array.from(vector);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) [a[col * n + c], a[pivot * n + c]] = [a[pivot * n + c]!, a[col * n + c]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    const d = a[col * n + col]! || 1e-12;
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / d;
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r * n + c]! -= f * a[col * n + c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const out = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let v = b[r]!;
    for (let c = r + 1; c < n; c++) v -= a[r * n + c]! * out[c]!;
    out[r] = v / (a[r * n + r]! || 1e-12);
  }
  return out;
}
