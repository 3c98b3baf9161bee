import type { RateLimitState } from './call-state.js';
import type { Timer } from './timer.js';

/**
 * Spreads requests evenly under the plan's limit, as SPEC.md recommends: one
 * request every 1000/limit ms (X-RateLimit-Limit), and none before the window
 * resets once X-RateLimit-Remaining reached 0. The server's limit is a sliding
 * one-second window, so evenly spaced requests never meet a 429 however long
 * the burst. Until the first response has told the limit, calls go one at a time.
 */
export class RateLimitPacer {
  private intervalMs: number | null;
  private nextAt = 0;
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
    if (this.intervalMs === null) {
      this.probe = new Promise((resolve) => (this.endProbe = resolve));
      return;
    }
    const now = this.timer.now();
    const at = Math.max(now, this.nextAt, this.blockedUntil);
    this.nextAt = at + this.intervalMs;
    if (at > now) await this.timer.sleep(at - now);
  }

  /** What a response said about the window. */
  observe(state: RateLimitState | null): void {
    if (state) {
      this.intervalMs = 1000 / Math.max(1, state.limit);
      if (state.remaining === 0) this.blockedUntil = Math.max(this.blockedUntil, state.resetAt * 1000);
    }
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
