import { encodeRow, l1Norm, paddedDimensions } from './int16-scanner.js';

/**
 * One inverted list: its vectors as int16 codes packed in one Int16Array (slot s at s·padded),
 * so a scan copies one block into the kernel (int16-scanner.ts), with each row's scale, L1
 * norm, id, payload and the vector itself (a reference, for exact scores) beside them. Removal
 * moves the last row into the freed slot, so the live slots stay 0..count-1 with no holes.
 */
export class VectorList<P> {
  codes: Int16Array;
  /** Float64: the codes were made with these very scales, so the error bound holds exactly. */
  scales: Float64Array;
  l1s: Float64Array;
  readonly ids: string[] = [];
  readonly vectors: Float32Array[] = [];
  readonly payloads: P[] = [];
  private readonly padded: number;

  constructor(
    private readonly dim: number,
    capacity = 16,
  ) {
    this.padded = paddedDimensions(dim);
    const rows = Math.max(1, capacity);
    this.codes = new Int16Array(rows * this.padded);
    this.scales = new Float64Array(rows);
    this.l1s = new Float64Array(rows);
  }

  get count(): number {
    return this.ids.length;
  }

  /** Appends `v` (kept by reference: it must not change) with its codes; returns its slot. */
  push(id: string, v: Float32Array, payload: P): number {
    const slot = this.grow();
    this.scales[slot] = encodeRow(v, this.dim, this.codes, slot * this.padded);
    this.l1s[slot] = l1Norm(v);
    this.ids.push(id);
    this.vectors.push(v);
    this.payloads.push(payload);
    return slot;
  }

  /** Appends another list's row as it is (training re-files rows without encoding them again). */
  pushFrom(list: VectorList<P>, at: number): number {
    const slot = this.grow();
    this.codes.set(list.codes.subarray(at * this.padded, (at + 1) * this.padded), slot * this.padded);
    this.scales[slot] = list.scales[at] as number;
    this.l1s[slot] = list.l1s[at] as number;
    this.ids.push(list.ids[at] as string);
    this.vectors.push(list.vectors[at] as Float32Array);
    this.payloads.push(list.payloads[at] as P);
    return slot;
  }

  /** Frees `slot` by moving the last row into it; returns the id now at `slot`, or undefined if it was the last. */
  removeAt(slot: number): string | undefined {
    const last = this.ids.length - 1;
    const moved = this.ids.pop() as string;
    const vector = this.vectors.pop() as Float32Array;
    const payload = this.payloads.pop() as P;
    if (slot === last) return undefined;
    this.codes.copyWithin(slot * this.padded, last * this.padded, (last + 1) * this.padded);
    this.scales[slot] = this.scales[last] as number;
    this.l1s[slot] = this.l1s[last] as number;
    this.ids[slot] = moved;
    this.vectors[slot] = vector;
    this.payloads[slot] = payload;
    return moved;
  }

  /** Allocated bytes of the codes, scales and norms. */
  get bytes(): number {
    return this.codes.byteLength + this.scales.byteLength + this.l1s.byteLength;
  }

  /** The slot for one more row, doubling the arrays when full: amortised O(1) appends, at most 2× the live bytes. */
  private grow(): number {
    const slot = this.ids.length;
    if (slot === this.scales.length) {
      this.codes = grown(this.codes, new Int16Array(this.codes.length * 2));
      this.scales = grown(this.scales, new Float64Array(this.scales.length * 2));
      this.l1s = grown(this.l1s, new Float64Array(this.l1s.length * 2));
    }
    return slot;
  }
}

function grown<T extends Int16Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
