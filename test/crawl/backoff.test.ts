import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, retryDelayMs } from '../../src/crawl/backoff.js';

describe('retry delay of a failing source', () => {
  const middle = () => 0.5; // no jitter
  it('starts at a minute and doubles with each consecutive failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, middle))).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
  });
  it('is capped at 6 hours', () => {
    expect(retryDelayMs(9, middle)).toBe(15_360_000);
    expect(retryDelayMs(10, middle)).toBe(MAX_BACKOFF_MS);
    expect(retryDelayMs(50, () => 0.999)).toBe(MAX_BACKOFF_MS);
  });
  it('jitters by ±20 %', () => {
    expect(retryDelayMs(3, () => 0)).toBe(192_000);
    expect(retryDelayMs(3, () => 1)).toBe(288_000);
  });
});
