import { setTimeout as sleepFor } from 'node:timers/promises';
import { hostKey, parseFetchUrl } from './fetch-url.js';

const SWEEP_INTERVAL_MS = 60_000;

interface HostSlot {
  /** Settles when the last queued task for this host has finished. */
  tail: Promise<void>;
  queued: number;
  /** When the last task ended; undefined before the first. */
  lastEndedAt: number | undefined;
  /** The delay owed after the last task (a robots Crawl-delay may raise it). */
  lastDelayMs: number;
}

/**
 * Per-host politeness (host = hostname:port): one request at a time to a host, and
 * at least `minDelayMs` from the end of one to the start of the next. Each host has
 * its own queue, so a slow host never holds up another.
 */
export class HostPoliteness {
  readonly #minDelayMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #slots = new Map<string, HostSlot>();
  #lastSweepAt = 0;

  constructor(o: { minDelayMs: number; now: () => number; sleep?: (ms: number) => Promise<void> }) {
    this.#minDelayMs = o.minDelayMs;
    this.#now = o.now;
    this.#sleep = o.sleep ?? ((ms) => sleepFor(ms));
  }

  /** `delayMs` raises the gap for this host (never lowers it below minDelayMs). */
  async run<T>(url: string, task: () => Promise<T>, o: { delayMs?: number } = {}): Promise<T> {
    const key = hostKey(parseFetchUrl(url));
    const slot = this.#slots.get(key) ?? { tail: Promise.resolve(), queued: 0, lastEndedAt: undefined, lastDelayMs: 0 };
    this.#slots.set(key, slot);
    const previous = slot.tail;
    let release!: () => void;
    slot.tail = new Promise<void>((resolve) => (release = resolve));
    slot.queued += 1;
    try {
      await previous;
      const delayMs = Math.max(this.#minDelayMs, o.delayMs ?? 0, slot.lastDelayMs);
      if (slot.lastEndedAt !== undefined) {
        const waitMs = slot.lastEndedAt + delayMs - this.#now();
        if (waitMs > 0) await this.#sleep(waitMs);
      }
      return await task();
    } finally {
      slot.lastEndedAt = this.#now();
      slot.lastDelayMs = Math.max(this.#minDelayMs, o.delayMs ?? 0);
      slot.queued -= 1;
      release();
      this.#forgetIdleHosts();
    }
  }

  /**
   * Hosts with nothing queued whose delay has passed carry no state worth keeping.
   * Swept at most once a minute so a crawl of many hosts does not scan them all per request.
   */
  #forgetIdleHosts(): void {
    const now = this.#now();
    if (now - this.#lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.#lastSweepAt = now;
    for (const [key, slot] of this.#slots) {
      if (slot.queued === 0 && slot.lastEndedAt !== undefined && now - slot.lastEndedAt >= slot.lastDelayMs) {
        this.#slots.delete(key);
      }
    }
  }
}
