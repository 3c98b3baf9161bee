import { INT16_DOT_WASM } from './int16-dot-wasm.js';

/**
 * The vector index's fast scan: a query against rows of int16 codes, in
 * WebAssembly SIMD (int16-dot.wat). A row is stored as codes c and a scale s
 * (v ≈ s·c, |c| ≤ 32,767: half the Float32 bytes) and its L1 norm; the query
 * as int16 codes too. A list's codes are copied into the kernel's memory and
 * scored there: ~35 ns a row of 256 dimensions, copy included, against
 * ~100–400 ns for the Float32 scan in JavaScript, which waited on memory more
 * than it multiplied (issue 15: that scan was 39 % of a feed ranking's CPU).
 *
 * A score is approximate, with a proven bound on its error (`bound`), so the
 * index can re-score a shortlist exactly and know the answer is exact
 * (vector-index.ts). Int8 codes scanned 40 % faster, but their bound was ~100×
 * wider than the gaps between neighbours' scores, and nearly every search fell
 * back to the exact scan.
 */

/** The kernel's step: rows are padded with zero codes to a multiple of it. */
export const CODE_STEP = 16;
const CODE_MAX = 32_767;
const PAGE = 65_536;

export function paddedDimensions(dimensions: number): number {
  return Math.ceil(dimensions / CODE_STEP) * CODE_STEP;
}

/** Writes v[0..dim) as codes at codes[co..co+dim) and returns the row's scale (0 for a zero vector, all codes 0). */
export function encodeRow(v: Float32Array, dim: number, codes: Int16Array, co: number): number {
  let max = 0;
  for (let i = 0; i < dim; i++) max = Math.max(max, Math.abs(v[i] as number));
  const scale = max / CODE_MAX;
  for (let i = 0; i < dim; i++) codes[co + i] = scale === 0 ? 0 : Math.round((v[i] as number) / scale);
  return scale;
}

/** Σ|v_i|: the row's share of the error bound. */
export function l1Norm(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += Math.abs(v[i] as number);
  return sum;
}

/** The WebAssembly JS API as used here: TypeScript declares it only in the DOM library. */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};

let compiled: object | undefined;

export class Int16Scanner {
  private readonly memory: WasmMemory;
  private readonly dotI16: (query: number, rows: number, count: number, dim: number, out: number) => void;
  private readonly padded: number;
  /** Memory layout: the query's codes, then the products, then the rows (the last two grow with the largest list). */
  private readonly productsAt: number;
  private capacity = 0;
  private productsView = new Float64Array(0);
  private queryScale = 0;
  /** Of the error bound: per unit of row scale, and per unit of row L1 norm. */
  private errorPerScale = 0;
  private errorPerL1 = 0;

  constructor(private readonly dimensions: number) {
    this.padded = paddedDimensions(dimensions);
    compiled ??= new WebAssembly.Module(Buffer.from(INT16_DOT_WASM, 'base64'));
    const exports = new WebAssembly.Instance(compiled).exports as { memory: WasmMemory; dotI16: Int16Scanner['dotI16'] };
    this.memory = exports.memory;
    this.dotI16 = exports.dotI16;
    this.productsAt = align(this.padded * 2);
  }

  /** Sets the query of the next `products` and `bound` calls. */
  setQuery(query: Float32Array): void {
    const dim = this.dimensions;
    let max = 0;
    let l1 = 0;
    for (let i = 0; i < dim; i++) {
      const q = Math.abs(query[i] as number);
      max = Math.max(max, q);
      l1 += q;
    }
    const t = max / CODE_MAX;
    const codes = new Int16Array(this.memory.buffer, 0, this.padded);
    codes.fill(0);
    for (let i = 0; i < dim; i++) codes[i] = t === 0 ? 0 : Math.round((query[i] as number) / t);
    // With row v = s·c + e (|e_i| ≤ s/2) and query q = t·d + f (|f_i| ≤ t/2):
    // v·q − s·t·(c·d) = Σ s·c_i·f_i + Σ e_i·q_i, at most t/2·(‖v‖₁ + dim·s/2) + s/2·‖q‖₁.
    this.queryScale = t;
    this.errorPerScale = l1 / 2 + (t * dim) / 4;
    this.errorPerL1 = t / 2;
  }

  /** The integer products c·d of the first `count` rows of `codes` with the query, exact in float64; valid until the next call. */
  products(codes: Int16Array, count: number): Float64Array {
    this.reserve(count);
    const rowsAt = this.productsAt + align(this.capacity * 8);
    new Int16Array(this.memory.buffer, rowsAt, count * this.padded).set(codes.subarray(0, count * this.padded));
    this.dotI16(0, rowsAt, count, this.padded, this.productsAt);
    return this.productsView;
  }

  /** The row's score by its codes: its product with the query, scaled. */
  approximate(product: number, scale: number): number {
    return scale * product * this.queryScale;
  }

  /** How far `approximate` can be from the exact dot product, at most, for a row of this scale and L1 norm. */
  error(scale: number, l1: number): number {
    return scale * this.errorPerScale + l1 * this.errorPerL1;
  }

  private reserve(count: number): void {
    if (count <= this.capacity) return;
    const capacity = Math.max(count, this.capacity * 2, 256);
    const needed = this.productsAt + align(capacity * 8) + capacity * this.padded * 2;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / PAGE));
    this.capacity = capacity;
    this.productsView = new Float64Array(this.memory.buffer, this.productsAt, capacity);
  }
}

function align(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
