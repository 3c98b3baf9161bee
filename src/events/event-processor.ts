import type { Kysely } from 'kysely';
import type { Summary } from 'prom-client';
import type { ChangeBus } from '../changes/change-bus.js';
import type { Database } from '../db/schema.js';
import { BackgroundLoop } from '../lib/background-loop.js';
import type { Clock } from '../lib/clock.js';
import type { EventBatches } from './event-batches.js';

/** On a fleet, other nodes' commits do not wake this one: poll. */
const IDLE_POLL_MS = 200;
/**
 * A wake (events committed) waits this long, so events arriving together are applied in
 * one batch. A batch pays ~15 statements and a commit whatever its size: applying events
 * in batches of 2 cost ~450 µs of CPU an event, of 40 ~70 µs, of 200 ~50 µs (SQLite file,
 * `npm run bench -- event-batches`). App traffic wakes the processor
 * per request (1–3 events), so at 500 feed pages/s it spent ~0.45 ms of CPU a page applying
 * clicks one request at a time. Well inside the 1 s a click has to reach the next page.
 */
const SETTLE_MS = 100;

/**
 * Applies logged events in the background, batch after batch
 * (apply-event-batch.ts), on this thread or the event thread
 * (event-batches.ts); then tells the change bus which users' ranking state
 * each committed batch changed.
 */
export class EventProcessor {
  private readonly loop = new BackgroundLoop({
    pollMs: IDLE_POLL_MS,
    settleMs: SETTLE_MS,
    // A batch that applied events may have left more: the next follows at once.
    pass: async () => (await this.exclusive(() => this.processBatch())) > 0,
    onError: (err) => this.log.error({ err }, 'event processing failed; retrying'),
  });
  /** Serialises the background loop and `drain()`. */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly batches: EventBatches,
    private readonly clock: Clock,
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly lag?: Summary,
    /** Told which users' ranking state each committed batch changed. */
    private readonly changes?: ChangeBus,
  ) {}

  start(): void {
    this.loop.start();
  }

  /** Stops the loop after its batch in progress; `close` ends the event thread too (after a last `drain`, at shutdown). */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  async close(): Promise<void> {
    await this.stop();
    await this.batches.close();
  }

  /** CPU seconds spent applying events off the HTTP thread (null: they are applied on it). */
  threadCpuSeconds(): number | null {
    return this.batches.cpuSeconds();
  }

  /** New events were committed: process them now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Accepted events not yet applied. */
  async backlog(): Promise<number> {
    if (this.batches.backlog) return this.batches.backlog();
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('processed', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Processes until the log has nothing left (tests and shutdown). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.exclusive(() => this.processBatch());
      total += n;
      if (n === 0) return total;
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.lock.then(work, work);
    this.lock = next.catch(() => undefined);
    return next;
  }

  private async processBatch(): Promise<number> {
    const { count, changes, lagsMs } = await this.batches.apply(this.clock.now());
    for (const ms of lagsMs) this.lag?.observe(ms / 1000);
    // After the commit: a node that re-reads the users now sees the effects.
    for (const change of changes) this.changes?.publish(change);
    return count;
  }
}
