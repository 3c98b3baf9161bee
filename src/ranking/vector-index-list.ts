import { paddedRows } from './vector-index-dot.js';

/**
 * One inverted list: its vectors packed in one Float32Array (slot s at s·dim) so a scan
 * walks memory in order, with the ids beside them. Removal moves the last vector into the
 * freed slot, so the live slots stay 0..count-1 with no holes to skip. Capacity is a whole
 * number of kernel blocks, so a scan scores the last, partial block with `dot8` too.
 */
export class VectorList {
  vectors: Float32Array;
  readonly ids: string[] = [];

  constructor(
    private readonly dim: number,
    capacity = 16,
  ) {
    this.vectors = new Float32Array(paddedRows(Math.max(1, capacity)) * dim);
  }

  get count(): number {
    return this.ids.length;
  }

  /** Appends a copy of `v`; returns its slot. */
  push(id: string, v: Float32Array, vo = 0): number {
    const slot = this.ids.length;
    if ((slot + 1) * this.dim > this.vectors.length) {
      // Doubling: amortised O(1) appends, at most 2× the live bytes.
      const grown = new Float32Array(this.vectors.length * 2);
      grown.set(this.vectors);
      this.vectors = grown;
    }
    this.vectors.set(v.subarray(vo, vo + this.dim), slot * this.dim);
    this.ids.push(id);
    return slot;
  }

  /** Frees `slot` by moving the last vector into it; returns the id now at `slot`, or undefined if it was the last. */
  removeAt(slot: number): string | undefined {
    const last = this.ids.length - 1;
    const moved = this.ids.pop() as string;
    if (slot === last) return undefined;
    this.vectors.copyWithin(slot * this.dim, last * this.dim, last * this.dim + this.dim);
    this.ids[slot] = moved;
    return moved;
  }

  /** Allocated bytes of vector storage. */
  get bytes(): number {
    return this.vectors.byteLength;
  }
}
