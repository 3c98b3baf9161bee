/** What a limiter says about one request. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests still admissible in the current one-second window. */
  remaining: number;
  /** Unix seconds at which the oldest request in the window leaves it (a slot frees). */
  resetAt: number;
  /** Whole seconds to wait before retrying; meaningful when not allowed (≥ 1). */
  retryAfter: number;
}

/**
 * A per-key limit of `limit` requests in any one-second window. Implementations
 * must never admit more than `limit` requests within any 1,000 ms, including
 * across the edge of a fixed second (no 2× bursts).
 *
 * `hit` answers at once when it can (the in-memory limiter always does) and with
 * a promise when it must ask elsewhere (Redis): a request admitted from memory
 * then takes no promise (src/http/maybe-async.ts).
 */
export interface RateLimiter {
  hit(key: string, limit: number): RateLimitDecision | Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export const WINDOW_MS = 1000;

export function decision(allowed: boolean, limit: number, inWindow: number, oldestMs: number, nowMs: number): RateLimitDecision {
  const freesAt = oldestMs + WINDOW_MS;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - inWindow),
    resetAt: Math.ceil(freesAt / 1000),
    retryAfter: Math.max(1, Math.ceil((freesAt - nowMs) / 1000)),
  };
}
