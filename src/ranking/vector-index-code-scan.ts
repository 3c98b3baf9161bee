import type { Int16Scanner } from './int16-scanner.js';
import type { BoundedScan } from './vector-index-bounded-scan.js';
import type { VectorList } from './vector-index-list.js';
import type { VectorFilter } from './vector-index.js';

/** Added to each row's error bound, so rounding in the bound never drops a row that belongs. */
const BOUND_SLACK = 1e-9;

/** Scans a list by its int16 codes for vector-index.ts: the rows still in reach of the shortlist (scratch reused by each search). */
export class CodeScan<P> {
  constructor(private readonly scanner: Int16Scanner) {}

  /**
   * Scores `list` by its codes and keeps the rows that could be among the best (BoundedScan).
   * The rows still in reach are visited best bound first, so the filter is asked about few
   * more than the rows that make the answer: in list order, the first list's first k rows,
   * good or bad, set the bar, and every row above that low bar was asked about (235 asks a
   * push search of k = 40, 530 a feed search of k = 120, ~2 µs each on the pool's items).
   */
  scan(list: VectorList<P>, scan: BoundedScan, accept: VectorFilter<P> | undefined): void {
    const { ids, payloads, scales, l1s, vectors, count } = list;
    const scanner = this.scanner;
    const products = scanner.products(list.codes, count);
    const rows = this.reachable(count);
    const uppers = this.reachableUppers;
    const lowers = this.reachableLowers;
    let n = 0;
    for (let s = 0; s < count; s++) {
      const scale = scales[s] as number;
      const approximate = scanner.approximate(products[s] as number, scale);
      const error = scanner.error(scale, l1s[s] as number) + BOUND_SLACK;
      if (approximate + error < scan.lowest.threshold) continue;
      rows[n] = s;
      uppers[s] = approximate + error;
      lowers[s] = approximate - error;
      n++;
    }
    // A comparator returning a difference of doubles allocates a heap number per comparison: ~95 KB a push
    // search, the ranking thread's largest garbage (issue 17); -1/1/a - b stay small integers, same order.
    const order = rows.subarray(0, n).sort((a, b) => {
      const ua = uppers[a] as number;
      const ub = uppers[b] as number;
      return ub > ua ? 1 : ub < ua ? -1 : a - b;
    });
    for (const s of order) {
      if ((uppers[s] as number) < scan.lowest.threshold) break; // the rest are lower still
      const id = ids[s] as string;
      if (accept && !accept(id, payloads[s] as P)) continue;
      scan.keep(id, vectors[s] as Float32Array, lowers[s] as number, uppers[s] as number);
    }
  }

  /** Scratch, grown to the longest list: row numbers, and each row's bounds by row. */
  private reachableRows = new Int32Array(0);
  private reachableUppers = new Float64Array(0);
  private reachableLowers = new Float64Array(0);

  private reachable(count: number): Int32Array {
    if (this.reachableRows.length < count) {
      const size = Math.max(count, 2 * this.reachableRows.length);
      this.reachableRows = new Int32Array(size);
      this.reachableUppers = new Float64Array(size);
      this.reachableLowers = new Float64Array(size);
    }
    return this.reachableRows;
  }
}
