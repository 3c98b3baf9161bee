import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { LoggedEvent } from './event-types.js';

interface Waiter {
  events: LoggedEvent[];
  resolve(): void;
  reject(error: unknown): void;
}

const ROWS_PER_INSERT = 200;

/**
 * The durable event log with group commit: batches from concurrent requests
 * that arrive while a commit runs are written together in the next one, so
 * many 202s share one fsync instead of paying one each. `append` resolves only
 * after the commit that holds its events.
 */
export class EventLog {
  private queue: Waiter[] = [];
  private committing = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** Called after each commit (wakes the processor). */
    private readonly onCommit: () => void = () => {},
  ) {}

  append(events: LoggedEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      if (!this.committing) {
        this.committing = true;
        // Let requests already parsed in this turn of the event loop join.
        setImmediate(() => void this.commitLoop());
      }
    });
  }

  private async commitLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue;
      this.queue = [];
      try {
        await this.write(group.flatMap((w) => w.events));
        for (const w of group) w.resolve();
        this.onCommit();
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    this.committing = false;
  }

  private async write(events: LoggedEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
        const rows = events.slice(i, i + ROWS_PER_INSERT).map((e) => ({
          tenant_id: e.tenantId,
          dedupe_key: e.dedupeKey,
          type: e.type,
          session_id: e.sessionId,
          user_id: e.userId,
          content_id: e.contentId,
          channel: e.channel,
          scenario: e.scenario,
          position: e.position,
          occurred_at: e.occurredAt,
          received_at: e.receivedAt,
          metadata: e.metadata === null ? null : JSON.stringify(e.metadata),
        }));
        // A duplicate (same session, type, token, user, time) is already logged: it takes effect once.
        await trx.insertInto('events').values(rows).onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing()).execute();
      }
    });
  }
}
