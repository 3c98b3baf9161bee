import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { ThreadClient } from '../lib/thread-client.js';
import { applyEventBatch, type AppliedBatch } from './apply-event-batch.js';
import type { EventThreadCall, EventThreadOptions } from './event-thread.js';

/**
 * Events applied per transaction. Larger batches commit (and fsync) less
 * often; smaller ones hold SQLite's write lock for less time, which other
 * writers (the event writer thread, the HTTP thread's own writes) wait for.
 */
const BATCH = 1000;

/** Where the event processor's batches are applied. */
export interface EventBatches {
  apply(now: number): Promise<AppliedBatch>;
  /** CPU seconds spent applying, where it can be told apart from the HTTP thread's (null: on that thread). */
  cpuSeconds(): number | null;
  /** Accepted events not yet applied, where they are not rows of the `events` table (the JetStream log). */
  backlog?(): Promise<number>;
  close(): Promise<void>;
}

/**
 * On the calling thread, over its connection: with EVENT_THREAD=false, and
 * for an in-memory database (tests), which a second connection could not see.
 */
export class InlineEventBatches implements EventBatches {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  apply(now: number): Promise<AppliedBatch> {
    return applyEventBatch(this.db, this.kind, now, BATCH);
  }

  cpuSeconds(): null {
    return null;
  }

  async close(): Promise<void> {}
}

const THREAD_ENTRY = new URL('./event-thread.js', import.meta.url);

/**
 * On the event thread (event-thread.ts): a node that serves requests keeps its
 * event loop free of the batches (issue 15). The thread starts at the first
 * batch, so an API node that applies no events (`--no-workers`) has none.
 */
export class ThreadedEventBatches implements EventBatches {
  private readonly thread: ThreadClient<EventThreadCall>;

  constructor(databaseUrl: string, onError: (error: Error) => void) {
    this.thread = new ThreadClient<EventThreadCall>('event', THREAD_ENTRY, { databaseUrl } satisfies EventThreadOptions, onError, false);
  }

  async apply(now: number): Promise<AppliedBatch> {
    return (await this.thread.call({ now, limit: BATCH })).result as AppliedBatch;
  }

  cpuSeconds(): number | null {
    const ms = this.thread.cpuMs;
    return ms === null ? null : ms / 1000;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
