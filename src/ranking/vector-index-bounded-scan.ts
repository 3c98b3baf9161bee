import { dot } from './vector-index-dot.js';
import { TopK, type VectorHit } from './vector-index-top-k.js';

/**
 * The rows of a scan that could be among the `want` best, by their scores' bounds: `lowest`
 * holds the `want` highest lower bounds of accepted rows, so at least `want` rows score at
 * or above its threshold L, and a row whose upper bound is below L cannot be among the best.
 * Rows are kept while their upper bound reaches the L of the moment (L only rises); the
 * exact answer is then the best of those still reaching the final L, scored on their vectors.
 */
export class BoundedScan {
  readonly lowest: TopK;
  private ids: string[] = [];
  private vectors: Float32Array[] = [];
  private uppers: number[] = [];
  /** Rows kept before the next prune: a few times `want`, and twice what the last prune left, so pruning stays O(1) a row. */
  private limit: number;

  constructor(private readonly want: number) {
    this.lowest = new TopK(want);
    this.limit = KEPT_FACTOR * want;
  }

  keep(id: string, vector: Float32Array, lower: number, upper: number): void {
    if (this.lowest.admits(lower, id)) this.lowest.push(lower, id);
    this.ids.push(id);
    this.vectors.push(vector);
    this.uppers.push(upper);
    if (this.ids.length > this.limit) this.prune();
  }

  exact(query: Float32Array, dimensions: number): VectorHit[] {
    const top = new TopK(this.want);
    const floor = this.lowest.threshold;
    for (let i = 0; i < this.ids.length; i++) {
      if ((this.uppers[i] as number) < floor) continue;
      const id = this.ids[i] as string;
      const score = dot(query, 0, this.vectors[i] as Float32Array, 0, dimensions);
      if (top.admits(score, id)) top.push(score, id);
    }
    return top.sorted();
  }

  /** Drops the rows that fell below L since they were kept. */
  private prune(): void {
    const floor = this.lowest.threshold;
    let n = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if ((this.uppers[i] as number) < floor) continue;
      this.ids[n] = this.ids[i] as string;
      this.vectors[n] = this.vectors[i] as Float32Array;
      this.uppers[n] = this.uppers[i] as number;
      n++;
    }
    this.ids.length = n;
    this.vectors.length = n;
    this.uppers.length = n;
    this.limit = Math.max(KEPT_FACTOR * this.want, 2 * n);
  }
}

const KEPT_FACTOR = 4;
