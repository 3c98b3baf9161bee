import { seededRandom } from '../lib/seeded-random.js';

/**
 * Matrix factorisation for implicit feedback (Hu, Koren and Volinsky 2008),
 * solved by alternating least squares with a few conjugate-gradient steps per
 * row (Takács, Pilászy and Tikk 2011), as the `implicit` library and Gorse do.
 * Every (user, item) pair carries a preference p (1 engaged, 0 disliked) and a
 * confidence c ≥ 1; pairs absent from the matrix count as p = 0 with c = 1.
 * Pure: no clock, no I/O, deterministic for a seed.
 */

/** The interactions of a training run, grouped by user (compressed sparse rows). */
export interface InteractionMatrix {
  users: number;
  items: number;
  /** rowStart[u] .. rowStart[u + 1] index the user's entries; length users + 1. */
  rowStart: Int32Array;
  item: Int32Array;
  /** 1 for engagement, 0 for a dislike. */
  preference: Uint8Array;
  confidence: Float32Array;
}

export interface AlsOptions {
  factors: number;
  iterations: number;
  /** L2 regularisation λ. */
  regularization: number;
  /** Conjugate-gradient steps per row and iteration (3 is what `implicit` uses). */
  cgSteps: number;
  seed: number;
}

/**
 * λ = 10 against confidence 1 + 10 · weight: with λ = 0.1 a small tenant's
 * 32 factors memorised each reader (a newcomer's three clicks predicted 0.005
 * for the rest of their taste group); with 10 they predict 0.6 and outsiders
 * 0.003, and a 3,000-reader tenant's p@10 stays 1.0 (.scratch measurements, docs/learning.md).
 */
export const ALS_DEFAULTS: AlsOptions = { factors: 32, iterations: 12, regularization: 10, cgSteps: 3, seed: 1 };

export interface AlsModel {
  factors: number;
  /** users × factors, row-major. */
  userFactors: Float32Array;
  /** items × factors, row-major. */
  itemFactors: Float32Array;
}

/** The same entries grouped by item: the item half-step reads them that way. */
export function transpose(m: InteractionMatrix): InteractionMatrix {
  const rowStart = new Int32Array(m.items + 1);
  for (let e = 0; e < m.item.length; e++) rowStart[(m.item[e] as number) + 1]! += 1;
  for (let i = 0; i < m.items; i++) rowStart[i + 1]! += rowStart[i]!;
  const next = rowStart.slice(0, m.items);
  const user = new Int32Array(m.item.length);
  const preference = new Uint8Array(m.item.length);
  const confidence = new Float32Array(m.item.length);
  for (let u = 0; u < m.users; u++) {
    for (let e = m.rowStart[u]!; e < m.rowStart[u + 1]!; e++) {
      const at = next[m.item[e]!]!++;
      user[at] = u;
      preference[at] = m.preference[e]!;
      confidence[at] = m.confidence[e]!;
    }
  }
  return { users: m.items, items: m.users, rowStart, item: user, preference, confidence };
}

export function trainAls(m: InteractionMatrix, options: AlsOptions = ALS_DEFAULTS): AlsModel {
  const k = options.factors;
  const random = seededRandom(options.seed);
  // Small random starts break the symmetry between factors; 0.01 keeps early predictions near 0.
  const init = (n: number) => Float32Array.from({ length: n * k }, () => (random() - 0.5) * 0.02);
  const userFactors = init(m.users);
  const itemFactors = init(m.items);
  const byItem = transpose(m);
  for (let it = 0; it < options.iterations; it++) {
    solveRows(m, userFactors, itemFactors, k, options);
    solveRows(byItem, itemFactors, userFactors, k, options);
  }
  return { factors: k, userFactors, itemFactors };
}

/**
 * One half-step: each row x of `rows` minimises Σ c (p − x·y)² + λ|x|² with the
 * other side `other` fixed, by CG started from the row's current value.
 * A x = (YᵀY + λI) x + Σ (c − 1)(y·x) y, b = Σ c p y.
 */
function solveRows(m: InteractionMatrix, rows: Float32Array, other: Float32Array, k: number, options: AlsOptions): void {
  const gram = gramMatrix(other, k, options.regularization);
  const x = new Float64Array(k);
  const r = new Float64Array(k);
  const p = new Float64Array(k);
  const ap = new Float64Array(k);
  for (let u = 0; u < m.users; u++) {
    const start = m.rowStart[u]!;
    const end = m.rowStart[u + 1]!;
    const base = u * k;
    for (let f = 0; f < k; f++) x[f] = rows[base + f]!;
    if (start === end) {
      // No entries: the optimum is 0 (every item counts p = 0).
      for (let f = 0; f < k; f++) rows[base + f] = 0;
      continue;
    }
    // r = b − A x
    multiply(gram, x, r, k);
    for (let f = 0; f < k; f++) r[f] = -r[f]!;
    for (let e = start; e < end; e++) {
      const y = m.item[e]! * k;
      const c = m.confidence[e]!;
      let yx = 0;
      for (let f = 0; f < k; f++) yx += other[y + f]! * x[f]!;
      const scale = c * m.preference[e]! - (c - 1) * yx;
      for (let f = 0; f < k; f++) r[f]! += scale * other[y + f]!;
    }
    for (let f = 0; f < k; f++) p[f] = r[f]!;
    let rsOld = squaredNorm(r, k);
    for (let step = 0; step < options.cgSteps && rsOld > 1e-20; step++) {
      multiply(gram, p, ap, k);
      for (let e = start; e < end; e++) {
        const y = m.item[e]! * k;
        let yp = 0;
        for (let f = 0; f < k; f++) yp += other[y + f]! * p[f]!;
        const scale = (m.confidence[e]! - 1) * yp;
        for (let f = 0; f < k; f++) ap[f]! += scale * other[y + f]!;
      }
      let pAp = 0;
      for (let f = 0; f < k; f++) pAp += p[f]! * ap[f]!;
      const alpha = rsOld / pAp;
      for (let f = 0; f < k; f++) {
        x[f]! += alpha * p[f]!;
        r[f]! -= alpha * ap[f]!;
      }
      const rsNew = squaredNorm(r, k);
      for (let f = 0; f < k; f++) p[f] = r[f]! + (rsNew / rsOld) * p[f]!;
      rsOld = rsNew;
    }
    for (let f = 0; f < k; f++) rows[base + f] = x[f]!;
  }
}

/** YᵀY + λI (k × k, row-major): the part of every row's system that does not depend on its entries. */
export function gramMatrix(factors: Float32Array, k: number, regularization: number): Float64Array {
  const gram = new Float64Array(k * k);
  const n = factors.length / k;
  for (let i = 0; i < n; i++) {
    const base = i * k;
    for (let a = 0; a < k; a++) {
      const va = factors[base + a]!;
      if (va === 0) continue;
      for (let b = a; b < k; b++) gram[a * k + b]! += va * factors[base + b]!;
    }
  }
  for (let a = 0; a < k; a++) {
    gram[a * k + a]! += regularization;
    for (let b = 0; b < a; b++) gram[a * k + b] = gram[b * k + a]!;
  }
  return gram;
}

/**
 * A user's factors from their interactions with the model's items, solved
 * exactly (Cholesky) with the items fixed: what training would give them, for
 * a user who clicked a moment ago or was never trained. `entries` name item rows.
 */
export function foldIn(
  gram: Float64Array,
  itemFactors: Float32Array,
  k: number,
  entries: readonly { item: number; preference: number; confidence: number }[],
): Float32Array {
  const a = Float64Array.from(gram);
  const b = new Float64Array(k);
  for (const { item, preference, confidence } of entries) {
    const y = item * k;
    const extra = confidence - 1;
    for (let i = 0; i < k; i++) {
      const yi = itemFactors[y + i]!;
      b[i]! += confidence * preference * yi;
      if (extra === 0 || yi === 0) continue;
      for (let j = 0; j <= i; j++) a[i * k + j]! += extra * yi * itemFactors[y + j]!;
    }
  }
  return Float32Array.from(solveCholesky(a, b, k));
}

/** Solves A x = b for a symmetric positive-definite A (lower triangle read, overwritten). */
function solveCholesky(a: Float64Array, b: Float64Array, k: number): Float64Array {
  for (let j = 0; j < k; j++) {
    let d = a[j * k + j]!;
    for (let s = 0; s < j; s++) d -= a[j * k + s]! * a[j * k + s]!;
    const root = Math.sqrt(Math.max(d, 1e-12));
    a[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      let v = a[i * k + j]!;
      for (let s = 0; s < j; s++) v -= a[i * k + s]! * a[j * k + s]!;
      a[i * k + j] = v / root;
    }
  }
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let v = b[i]!;
    for (let s = 0; s < i; s++) v -= a[i * k + s]! * y[s]!;
    y[i] = v / a[i * k + i]!;
  }
  const x = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let v = y[i]!;
    for (let s = i + 1; s < k; s++) v -= a[s * k + i]! * x[s]!;
    x[i] = v / a[i * k + i]!;
  }
  return x;
}

function multiply(matrix: Float64Array, v: Float64Array, out: Float64Array, k: number): void {
  for (let a = 0; a < k; a++) {
    let s = 0;
    const row = a * k;
    for (let b = 0; b < k; b++) s += matrix[row + b]! * v[b]!;
    out[a] = s;
  }
}

function squaredNorm(v: Float64Array, k: number): number {
  let s = 0;
  for (let f = 0; f < k; f++) s += v[f]! * v[f]!;
  return s;
}
