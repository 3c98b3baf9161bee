export interface BackgroundLoopOptions {
  /**
   * One pass over the work. Resolves true when more is waiting at once (a full
   * batch): the next pass then starts without waiting for the poll.
   */
  pass: () => Promise<boolean | void>;
  /** The wait after a pass that found nothing more: work committed elsewhere (another node, another thread) is found within it. */
  pollMs: number;
  /** A pass threw: told here, and the next pass waits `pollMs` (a wake still runs it sooner). */
  onError: (err: unknown) => void;
  /**
   * How long a wake waits before its pass (default 0: at once), so that work arriving
   * together is taken in one pass. A full pass (`more`) is still followed at once.
   */
  settleMs?: number;
}

/**
 * The start, wake, poll and stop of a background worker (the event processor,
 * push worker, webhook dispatcher and crawl scheduler), in the manner of
 * graphile-worker's worker.ts: passes run one at a time; after one that found
 * nothing, the next waits `pollMs` or a `wake()`; a wake during a pass runs
 * another right after it, so work committed meanwhile is not left for the
 * poll. The timer is unref'd: a loop never holds a finished process open
 * (`worker` and the worker thread keep themselves alive).
 */
export class BackgroundLoop {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: BackgroundLoopOptions) {}

  /** Started and not stopped. */
  get started(): boolean {
    return this.running;
  }

  /** Runs a first pass now, then polls; nothing if already started. */
  start(): void {
    if (this.running) return;
    this.running = true;
    if (!this.inFlight) this.runPass();
  }

  /** Runs a pass now (or after `settleMs`), or right after the one in flight. Nothing before `start` or after `stop`. */
  wake(): void {
    if (!this.running) return;
    if (this.inFlight) this.again = true;
    else this.afterSettling();
  }

  /** No pass starts after this; resolves once the pass in flight, if any, has ended. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    await this.inFlight;
  }

  private runPass(): void {
    this.clearTimer();
    this.again = false;
    this.inFlight = this.passOnce().then((more) => {
      this.inFlight = null;
      if (!this.running) return;
      if (more) this.runPass();
      else if (this.again) this.afterSettling();
      else this.runIn(this.options.pollMs);
    });
  }

  /** A wake's pass: now, or once `settleMs` has passed (a wake's timer already set stands; the poll's is replaced). */
  private afterSettling(): void {
    const settleMs = this.options.settleMs ?? 0;
    if (settleMs <= 0) this.runPass();
    else if (!this.settling) this.runIn(Math.min(settleMs, this.options.pollMs), true);
  }

  /** The timer set is a wake's, not the poll's. */
  private settling = false;

  private runIn(ms: number, settling = false): void {
    this.clearTimer();
    this.settling = settling;
    this.timer = setTimeout(() => this.runPass(), ms);
    this.timer.unref();
  }

  private async passOnce(): Promise<boolean> {
    try {
      return (await this.options.pass()) === true;
    } catch (err) {
      this.options.onError(err);
      // A failing pass (the database is down) is retried at the poll, not at every wake.
      this.again = false;
      return false;
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.settling = false;
  }
}
