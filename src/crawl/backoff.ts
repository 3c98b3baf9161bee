/** The longest a failing source waits between attempts. */
export const MAX_BACKOFF_MS = 6 * 60 * 60_000;
const FIRST_RETRY_MS = 60_000;

/**
 * When to try a failing source again: 1 min after the first failure, doubling
 * with each consecutive one up to 6 h, never sooner than its normal interval
 * would allow after a few failures, with ±20 % jitter so sources that failed
 * together (one host down) do not come back in lockstep.
 */
export function retryDelayMs(consecutiveFailures: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(consecutiveFailures - 1, 0), 20);
  const base = Math.min(FIRST_RETRY_MS * 2 ** exponent, MAX_BACKOFF_MS);
  const jitter = 0.8 + 0.4 * random();
  return Math.round(Math.min(base * jitter, MAX_BACKOFF_MS));
}
