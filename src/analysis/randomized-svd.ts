import { seededRandom } from '../lib/seeded-random.js';

/**
 * A sparse matrix in compressed rows (one row a document, one column a term):
 * row r's entries are `columns[offsets[r] .. offsets[r + 1])` with `values` alike.
 */
export interface SparseRows {
  rows: number;
  columns: number;
  offsets: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
}

export interface TruncatedSvd {
  /** How many singular triples were kept. */
  rank: number;
  /** Descending. */
  singularValues: Float64Array;
  /** The right singular vectors (the columns' side: terms), columns × rank, row-major. */
  right: Float64Array;
}

/**
 * The `rank` largest singular values of M and their right singular vectors, by
 * the randomized range finder of Halko, Martinsson and Tropp (2011), algorithm
 * 4.4: sample the row space of M with `rank + oversampling` Gaussian vectors,
 * sharpen it with `powerIterations` passes of MᵀM (re-orthonormalised each time,
 * so small singular values are not lost to rounding), then solve exactly in
 * that small space: Q spans the sample, C = (MQ)ᵀ(MQ) is (rank + p)², and its
 * eigenvectors W give right singular vectors QW and σ = √eigenvalue.
 *
 * Cost: 2 · (1 + powerIterations) products with the sparse matrix, each
 * nnz · (rank + p) multiply-adds, plus columns · (rank + p)² for the
 * orthonormalisations. Pure and deterministic for a seed.
 */
export function truncatedSvd(
  m: SparseRows,
  options: { rank: number; oversampling?: number; powerIterations?: number; seed?: number },
): TruncatedSvd {
  const rank = Math.max(1, Math.min(options.rank, m.rows, m.columns));
  const width = Math.min(rank + (options.oversampling ?? 16), m.rows, m.columns);
  const random = seededRandom(options.seed ?? 1);
  // Q: columns × width, the sampled row space of M (Mᵀ times Gaussian vectors of length rows).
  const omega = new Float64Array(m.rows * width);
  for (let i = 0; i < omega.length; i++) omega[i] = gaussian(random);
  let q = multiplyTransposed(m, omega, width);
  orthonormalise(q, m.columns, width);
  for (let i = 0; i < (options.powerIterations ?? 2); i++) {
    const mq = multiply(m, q, width);
    orthonormalise(mq, m.rows, width);
    q = multiplyTransposed(m, mq, width);
    orthonormalise(q, m.columns, width);
  }
  const mq = multiply(m, q, width);
  const gram = new Float64Array(width * width);
  for (let r = 0; r < m.rows; r++) {
    const base = r * width;
    for (let a = 0; a < width; a++) {
      const x = mq[base + a]!;
      if (x === 0) continue;
      for (let b = a; b < width; b++) gram[a * width + b] = gram[a * width + b]! + x * mq[base + b]!;
    }
  }
  for (let a = 0; a < width; a++) for (let b = 0; b < a; b++) gram[a * width + b] = gram[b * width + a]!;
  const { values, vectors } = symmetricEigen(gram, width);
  const order = [...values.keys()].sort((a, b) => values[b]! - values[a]!).slice(0, rank);
  const singularValues = new Float64Array(rank);
  const right = new Float64Array(m.columns * rank);
  order.forEach((e, k) => {
    singularValues[k] = Math.sqrt(Math.max(0, values[e]!));
    for (let c = 0; c < m.columns; c++) {
      let sum = 0;
      for (let j = 0; j < width; j++) sum += q[c * width + j]! * vectors[j * width + e]!;
      right[c * rank + k] = sum;
    }
  });
  return { rank, singularValues, right };
}

/** M · X: (rows × columns) times (columns × width) → rows × width, row-major. */
function multiply(m: SparseRows, x: Float64Array, width: number): Float64Array {
  const out = new Float64Array(m.rows * width);
  for (let r = 0; r < m.rows; r++) {
    const base = r * width;
    for (let e = m.offsets[r]!; e < m.offsets[r + 1]!; e++) {
      const v = m.values[e]!;
      const xBase = m.indices[e]! * width;
      for (let j = 0; j < width; j++) out[base + j] = out[base + j]! + v * x[xBase + j]!;
    }
  }
  return out;
}

/** Mᵀ · Y: (columns × rows) times (rows × width) → columns × width, row-major. */
function multiplyTransposed(m: SparseRows, y: Float64Array, width: number): Float64Array {
  const out = new Float64Array(m.columns * width);
  for (let r = 0; r < m.rows; r++) {
    const base = r * width;
    for (let e = m.offsets[r]!; e < m.offsets[r + 1]!; e++) {
      const v = m.values[e]!;
      const outBase = m.indices[e]! * width;
      for (let j = 0; j < width; j++) out[outBase + j] = out[outBase + j]! + v * y[base + j]!;
    }
  }
  return out;
}

/**
 * Orthonormalises the `width` columns of a (length × width) row-major matrix in place:
 * modified Gram–Schmidt, twice for stability, on a column-major copy (contiguous columns:
 * ~4× faster than striding through the rows at 20,000 × 80).
 */
function orthonormalise(a: Float64Array, length: number, width: number): void {
  const columns = Array.from({ length: width }, (_, j) => {
    const column = new Float64Array(length);
    for (let r = 0; r < length; r++) column[r] = a[r * width + j]!;
    return column;
  });
  for (let pass = 0; pass < 2; pass++) {
    for (let j = 0; j < width; j++) {
      const cj = columns[j]!;
      for (let i = 0; i < j; i++) {
        const ci = columns[i]!;
        let dot = 0;
        for (let r = 0; r < length; r++) dot += ci[r]! * cj[r]!;
        for (let r = 0; r < length; r++) cj[r] = cj[r]! - dot * ci[r]!;
      }
      let norm = 0;
      for (let r = 0; r < length; r++) norm += cj[r]! ** 2;
      norm = Math.sqrt(norm);
      // A column that vanished (rank-deficient sample) stays zero: its singular value comes out 0.
      const scale = norm > 1e-12 ? 1 / norm : 0;
      for (let r = 0; r < length; r++) cj[r] = cj[r]! * scale;
    }
  }
  for (let j = 0; j < width; j++) {
    const cj = columns[j]!;
    for (let r = 0; r < length; r++) a[r * width + j] = cj[r]!;
  }
}

/** Eigenvalues and eigenvectors (columns of `vectors`) of a symmetric n × n matrix: cyclic Jacobi rotations. */
export function symmetricEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale += a[i]! ** 2;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off <= 1e-22 * scale || off === 0) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i]!;
  return { values, vectors: v };
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
