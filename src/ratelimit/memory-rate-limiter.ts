import type { Clock } from '../lib/clock.js';
import { decision, WINDOW_MS, type RateLimitDecision, type RateLimiter } from './rate-limiter.js';

/**
 * A sliding log kept as a ring of the last `limit` admission times per key.
 * Expired entries are dropped from the front, so a hit is amortised O(1) and a
 * key never holds more than `limit` numbers (500 for the Enterprise plan).
 * A request is admitted only if fewer than `limit` admissions lie in the last
 * 1,000 ms, which is exactly "no window admits more than the limit".
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Ring>();

  constructor(private readonly clock: Clock) {}

  hit(key: string, limit: number): RateLimitDecision {
    return this.hitNow(key, limit, this.clock.now());
  }

  hitNow(key: string, limit: number, now: number): RateLimitDecision {
    let ring = this.logs.get(key);
    if (ring === undefined || ring.capacity !== limit) {
      ring = new Ring(limit, ring);
      this.logs.set(key, ring);
    }
    ring.dropUpTo(now - WINDOW_MS);
    const allowed = ring.size < limit;
    if (allowed) ring.push(now);
    return decision(allowed, limit, ring.size, ring.size > 0 ? ring.oldest() : now, now);
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}

class Ring {
  private readonly times: Float64Array;
  private head = 0;
  size = 0;

  constructor(
    readonly capacity: number,
    previous?: Ring,
  ) {
    this.times = new Float64Array(capacity);
    // A plan change keeps the most recent admissions, so changing the limit
    // never opens a burst.
    if (previous) for (const t of previous.latest(capacity)) this.push(t);
  }

  oldest(): number {
    return this.times[this.head]!;
  }

  push(t: number): void {
    this.times[(this.head + this.size) % this.capacity] = t;
    this.size += 1;
  }

  dropUpTo(cutoff: number): void {
    while (this.size > 0 && this.times[this.head]! <= cutoff) {
      this.head = (this.head + 1) % this.capacity;
      this.size -= 1;
    }
  }

  latest(n: number): number[] {
    const out: number[] = [];
    for (let i = Math.max(0, this.size - n); i < this.size; i++) out.push(this.times[(this.head + i) % this.capacity]!);
    return out;
  }
}
