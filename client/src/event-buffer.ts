import type { ContentFeedClient } from './content-feed-client.js';
import { ProblemError } from './problem-error.js';
import type { FieldProblem, TrackedEvent } from './types.js';

/** An event the server refused (400), with what it said about it. */
export interface RejectedEvent {
  event: TrackedEvent;
  problems: FieldProblem[];
}

export interface EventBufferOptions {
  /** Events per request, at most 100 (the API's limit; default 100). */
  batchSize?: number;
  /** Send what is queued this often (default 5,000 ms; 0 for no timer). */
  flushIntervalMs?: number;
  /** Events the server refused as invalid. Without it, flush() throws RejectedEventsError. */
  onRejected?: (rejected: RejectedEvent[], error: ProblemError) => void;
  /** Events the server accepted (stored durably), batch by batch. */
  onDelivered?: (events: TrackedEvent[]) => void;
  /** A timer flush that failed; its events stay queued and the next flush sends them. */
  onError?: (error: unknown) => void;
}

/** Thrown by flush() for events the server refused, when no onRejected handler takes them. */
export class RejectedEventsError extends Error {
  override readonly name = 'RejectedEventsError';
  constructor(
    readonly rejected: RejectedEvent[],
    readonly refusal: ProblemError,
  ) {
    super(`${rejected.length} event(s) refused: ${refusal.message}`);
  }
}

export const MAX_EVENTS_PER_REQUEST = 100;

/**
 * Queues events and sends them in batches: when a batch fills, on an interval, and
 * on flush() or close(). Batches go one at a time, in order. A batch that fails
 * after the client's retries (429, 5xx, network) goes back to the head of the
 * queue: nothing is dropped, and the next flush sends it. Resending is safe, as
 * the server stores an event once. A 400 names the bad events: they are reported,
 * and the rest of the batch is sent again without them.
 */
export class EventBuffer {
  private readonly queue: TrackedEvent[] = [];
  private readonly batchSize: number;
  private readonly timer: ReturnType<typeof setInterval> | null;
  private sending: Promise<void> | null = null;
  private closed = false;
  /** Events refused in a send no caller awaited (a full batch, the timer), for the next flush() to throw. */
  private unreported: RejectedEvent[] = [];

  constructor(
    private readonly client: ContentFeedClient,
    private readonly options: EventBufferOptions = {},
  ) {
    this.batchSize = Math.min(MAX_EVENTS_PER_REQUEST, Math.max(1, options.batchSize ?? MAX_EVENTS_PER_REQUEST));
    const every = options.flushIntervalMs ?? 5000;
    this.timer = every > 0 ? setInterval(() => this.flush().catch((error) => this.background(error)), every) : null;
    // A timer alone must not keep a Node process alive.
    (this.timer as { unref?: () => void } | null)?.unref?.();
  }

  /** Events queued and not yet accepted by the server (persist them if your process must stop). */
  get pending(): readonly TrackedEvent[] {
    return this.queue;
  }

  track(event: TrackedEvent): void {
    if (this.closed) throw new Error('EventBuffer is closed');
    this.queue.push(event);
    if (this.queue.length >= this.batchSize && !this.sending) {
      this.send(false).catch((error) => this.background(error));
    }
  }

  /**
   * Sends everything queued; rejects when a batch could not be delivered (it stays
   * queued), and with RejectedEventsError for refused events no handler has taken yet.
   */
  async flush(): Promise<void> {
    while (this.sending) await this.sending.catch(() => {});
    if (this.queue.length > 0) await this.send(true).catch((error) => this.collect(error));
    if (this.unreported.length > 0) {
      const rejected = this.unreported;
      this.unreported = [];
      throw new RejectedEventsError(rejected, this.lastRefusal!);
    }
  }

  private lastRefusal: ProblemError | null = null;

  /** Refused events join the ones to report; any other error is the caller's. */
  private collect(error: unknown): void {
    if (!(error instanceof RejectedEventsError)) throw error;
    this.unreported.push(...error.rejected);
    this.lastRefusal = error.refusal;
  }

  /** An error of a send no caller awaits: to onError, else refused events wait for the next flush(). */
  private background(error: unknown): void {
    if (this.options.onError) return this.options.onError(error);
    try {
      this.collect(error);
    } catch {
      // A delivery failure: the batch is back in the queue, and the next flush sends it or says why.
    }
  }

  /** Stops the timer and flushes; rejects, with the events still `pending`, if they could not be sent. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private send(all: boolean): Promise<void> {
    const run = this.sendBatches(all).finally(() => {
      if (this.sending === run) this.sending = null;
    });
    this.sending = run;
    return run;
  }

  private async sendBatches(all: boolean): Promise<void> {
    const rejectedHere: RejectedEvent[] = [];
    let lastRefusal: ProblemError | null = null;
    while (this.queue.length >= (all ? 1 : this.batchSize)) {
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.client.sendEvents(batch);
        this.options.onDelivered?.(batch);
      } catch (error) {
        if (error instanceof ProblemError && error.status === 400) {
          const rejected = rejectedOf(batch, error);
          const bad = new Set(rejected.map((r) => r.event));
          this.queue.unshift(...batch.filter((event) => !bad.has(event)));
          if (this.options.onRejected) this.options.onRejected(rejected, error);
          else rejectedHere.push(...rejected);
          lastRefusal = error;
          continue;
        }
        this.queue.unshift(...batch);
        throw error;
      }
    }
    if (rejectedHere.length > 0) throw new RejectedEventsError(rejectedHere, lastRefusal!);
  }
}

/** The events a 400 names (`events[3].tracking_token`); all of them when it names none. */
function rejectedOf(batch: TrackedEvent[], error: ProblemError): RejectedEvent[] {
  const byIndex = new Map<number, FieldProblem[]>();
  for (const problem of error.errors) {
    const index = /^events\[(\d+)\]/.exec(problem.name)?.[1];
    if (index === undefined || Number(index) >= batch.length) continue;
    byIndex.set(Number(index), [...(byIndex.get(Number(index)) ?? []), problem]);
  }
  if (byIndex.size === 0) return batch.map((event) => ({ event, problems: error.errors }));
  return [...byIndex].map(([index, problems]) => ({ event: batch[index]!, problems }));
}
