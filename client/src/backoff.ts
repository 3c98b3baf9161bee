/** How the client retries: attempts in all, and the exponential delays between them. */
export interface RetryPolicy {
  /** Attempts per call, the first included (default 6: five retries). */
  maxAttempts: number;
  /** Delay before the first retry, before jitter (default 250 ms). */
  baseDelayMs: number;
  /** Ceiling of one delay (default 30 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 250, maxDelayMs: 30_000 };

/**
 * The wait before retry number `retry` (1 for the first): base · 2^(retry-1), capped,
 * with "equal jitter" (half fixed, half random) so that clients refused together do
 * not come back together. A `Retry-After` is a floor: the wait is never shorter,
 * and a little jitter above it spreads the clients it was sent to.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterSeconds: number | null, random: () => number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  if (retryAfterSeconds === null) return Math.round(jittered);
  return retryAfterSeconds * 1000 + Math.round(random() * Math.min(policy.baseDelayMs, 1000));
}
