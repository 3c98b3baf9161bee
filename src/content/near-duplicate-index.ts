import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { NEAR_DUPLICATE_DISTANCE } from '../analysis/simhash.js';

/** Near duplicates are looked for among articles published this recently. */
export const NEAR_DUPLICATE_WINDOW_MS = 14 * 24 * 60 * 60_000;

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * SimHashes of recent articles, held as two 32-bit halves in typed arrays so a
 * lookup is a linear scan of integer XORs and popcounts: about 1 ns per stored
 * article, so 100k recent articles cost ~0.1 ms per lookup (BigInt arithmetic
 * was ~100× slower). New rows written by other workers are picked up by
 * `refresh`, which reads only rows created since the last one.
 */
export class NearDuplicateIndex {
  private ids: string[] = [];
  private positions = new Map<string, number>();
  private hi: Uint32Array = new Uint32Array(1024);
  private lo: Uint32Array = new Uint32Array(1024);
  private published: number[] = [];
  private loadedUntil = 0;

  constructor(private readonly maxDistance = NEAR_DUPLICATE_DISTANCE) {}

  get size(): number {
    return this.ids.length;
  }

  async refresh(db: Kysely<Database>, now: number): Promise<void> {
    // Overlap by a minute: rows committed late by a node whose clock runs behind are still read.
    const since = Math.max(0, this.loadedUntil - 60_000);
    const rows = await db
      .selectFrom('contents')
      .select(['id', 'simhash', 'published_at', 'created_at'])
      .where('simhash', 'is not', null)
      .where('created_at', '>=', since)
      .where('published_at', '>=', now - NEAR_DUPLICATE_WINDOW_MS)
      .execute();
    for (const row of rows) {
      this.add(row.id, row.simhash!, row.published_at);
      this.loadedUntil = Math.max(this.loadedUntil, row.created_at);
    }
    this.prune(now);
  }

  /** Adds an article, or replaces its fingerprint when it was updated in place. */
  add(id: string, simhashHex: string, publishedAt: number): void {
    let n = this.positions.get(id);
    if (n === undefined) {
      n = this.ids.length;
      if (n === this.hi.length) {
        this.hi = grow(this.hi);
        this.lo = grow(this.lo);
      }
      this.ids.push(id);
      this.published.push(publishedAt);
      this.positions.set(id, n);
    }
    this.hi[n] = Number.parseInt(simhashHex.slice(0, 8), 16) >>> 0;
    this.lo[n] = Number.parseInt(simhashHex.slice(8, 16), 16) >>> 0;
    this.published[n] = publishedAt;
  }

  /** Stored articles within the threshold of this fingerprint, nearest first, other than `exceptId`. */
  candidates(simhashHex: string, exceptId: string | null = null, limit = 5): string[] {
    const hi = Number.parseInt(simhashHex.slice(0, 8), 16) >>> 0;
    const lo = Number.parseInt(simhashHex.slice(8, 16), 16) >>> 0;
    const found: [number, string][] = [];
    for (let i = 0; i < this.ids.length; i++) {
      const distance = popcount32((this.hi[i]! ^ hi) >>> 0) + popcount32((this.lo[i]! ^ lo) >>> 0);
      if (distance <= this.maxDistance && this.ids[i] !== exceptId) found.push([distance, this.ids[i]!]);
    }
    return found
      .sort((a, b) => a[0] - b[0])
      .slice(0, limit)
      .map(([, id]) => id);
  }

  private prune(now: number): void {
    const cutoff = now - NEAR_DUPLICATE_WINDOW_MS;
    if (!this.published.some((p) => p < cutoff)) return;
    const keep: number[] = [];
    this.published.forEach((p, i) => p >= cutoff && keep.push(i));
    const ids = keep.map((i) => this.ids[i]!);
    const published = keep.map((i) => this.published[i]!);
    const hi = new Uint32Array(Math.max(1024, keep.length * 2));
    const lo = new Uint32Array(hi.length);
    keep.forEach((from, to) => {
      hi[to] = this.hi[from]!;
      lo[to] = this.lo[from]!;
    });
    Object.assign(this, { ids, published, hi, lo, positions: new Map(ids.map((id, i) => [id, i])) });
  }
}

function grow(a: Uint32Array): Uint32Array {
  const next = new Uint32Array(a.length * 2);
  next.set(a);
  return next;
}
