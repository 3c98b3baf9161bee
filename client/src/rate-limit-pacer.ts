import type { RateLimitState } from './call-state.js';
import type { Timer } from './timer.js';

/**
 * Spreads requests evenly under the plan's limit, as SPEC.md recommends. The
 * server counts a sliding one-second window, so requests one every
 * 1000/(limit−1) ms never fill it: one slot stays free for the tenant's other
 * processes (98 % of the rate at 50/s). When X-RateLimit-Remaining still reaches 0,
 * something else is using the key, and nothing starts before X-RateLimit-Reset.
 * Until the first response has told the limit, calls go one at a time.
 */
export class RateLimitPacer {
  private intervalMs: number | null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private blockedUntil = 0;
  private probe: Promise<void> | null = null;
  private endProbe: (() => void) | null = null;

  constructor(
    private readonly timer: Timer,
    requestsPerSecond?: number,
  ) {
    this.intervalMs = requestsPerSecond ? 1000 / requestsPerSecond : null;
  }

  /** Resolves when the next request may start. */
  async slot(): Promise<void> {
    while (this.intervalMs === null && this.probe) await this.probe;
    const now = this.timer.now();
    if (this.intervalMs === null) {
      this.probe = new Promise((resolve) => (this.endProbe = resolve));
      this.lastStart = now;
      return;
    }
    const at = Math.max(now, this.lastStart + this.intervalMs, this.blockedUntil);
    this.lastStart = at;
    if (at > now) await this.timer.sleep(at - now);
  }

  /** What a response said about the window (null: it said nothing, e.g. a 401). */
  observe(state: RateLimitState | null, retryAfterSeconds: number | null): void {
    if (state) {
      this.intervalMs ??= 1000 / Math.max(1, state.limit - 1);
      if (state.remaining === 0) this.blockedUntil = Math.max(this.blockedUntil, state.resetAt * 1000);
    }
    if (retryAfterSeconds !== null) this.blockedUntil = Math.max(this.blockedUntil, this.timer.now() + retryAfterSeconds * 1000);
    this.releaseProbe();
  }

  /** A request ended without a response (network error): let the next one probe. */
  releaseProbe(): void {
    const end = this.endProbe;
    this.endProbe = null;
    this.probe = null;
    end?.();
  }
}
