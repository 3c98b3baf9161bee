/** The rate-limit window as the last response described it. */
export interface RateLimitState {
  /** Requests per second the plan allows. */
  limit: number;
  /** Requests left in the current one-second window. */
  remaining: number;
  /** Unix seconds when a slot frees. */
  resetAt: number;
}

/** What the last response said about the call, readable after each call. */
export interface CallState {
  status: number;
  requestId: string | null;
  /** Credits this call consumed (`X-Credits-Used`), 0 when the header was absent. */
  creditsUsed: number;
  /** Null when the response carried no X-RateLimit-* headers (before authentication). */
  rateLimit: RateLimitState | null;
}

const integer = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
};

export function callStateOf(response: Response): CallState {
  const limit = integer(response.headers.get('x-ratelimit-limit'));
  const remaining = integer(response.headers.get('x-ratelimit-remaining'));
  const resetAt = integer(response.headers.get('x-ratelimit-reset'));
  const credits = Number(response.headers.get('x-credits-used') ?? 0);
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    creditsUsed: Number.isFinite(credits) ? credits : 0,
    rateLimit: limit !== null && remaining !== null && resetAt !== null ? { limit, remaining, resetAt } : null,
  };
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(response: Response, now: number): number | null {
  const value = response.headers.get('retry-after');
  if (value === null) return null;
  const seconds = integer(value);
  if (seconds !== null) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
