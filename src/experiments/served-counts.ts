import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { utcDay } from '../lib/time.js';

/** A node writes its counts at most this often: one upsert per variant and day instead of one per feed page. */
const FLUSH_INTERVAL_MS = 5_000;

interface Pending {
  tenantId: string;
  experimentId: string;
  variant: string;
  day: string;
  feedRequests: number;
  pushUsers: number;
  millicredits: number;
}

const plus = (column: 'feed_requests' | 'push_users' | 'millicredits') =>
  sql<number>`${sql.ref(`experiment_serving.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

/**
 * What each variant served (feed pages, push users) and the credits that cost,
 * per UTC day. Counted in memory and written by the next count after 5 s (and
 * before results are read on this node), so a node that stops loses at most its
 * last 5 s of feed counts; push jobs write theirs at once.
 */
export class ServedCounts {
  private pending = new Map<string, Pending>();
  private lastFlush = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  count(
    tenantId: string,
    experimentId: string,
    variant: string,
    served: { feedRequests?: number; pushUsers?: number; millicredits: number },
  ): void {
    const now = this.clock.now();
    const day = utcDay(now);
    const key = `${tenantId}\0${experimentId}\0${variant}\0${day}`;
    let entry = this.pending.get(key);
    if (!entry) this.pending.set(key, (entry = { tenantId, experimentId, variant, day, feedRequests: 0, pushUsers: 0, millicredits: 0 }));
    entry.feedRequests += served.feedRequests ?? 0;
    entry.pushUsers += served.pushUsers ?? 0;
    entry.millicredits += served.millicredits;
    if (now - this.lastFlush >= FLUSH_INTERVAL_MS) void this.flush().catch(() => undefined);
  }

  /** Writes what is pending (awaits a flush in progress first). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => undefined);
    return this.flushing;
  }

  private async write(): Promise<void> {
    this.lastFlush = this.clock.now();
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.upsert(rows);
    } catch {
      // One row may name an experiment deleted meanwhile (with its tenant): the others are still written.
      for (const row of rows) await this.upsert([row]).catch(() => undefined);
    }
  }

  private async upsert(rows: Pending[]): Promise<void> {
    await this.db
      .insertInto('experiment_serving')
      .values(
        rows.map((r) => ({
          tenant_id: r.tenantId,
          experiment_id: r.experimentId,
          variant: r.variant,
          day: r.day,
          feed_requests: r.feedRequests,
          push_users: r.pushUsers,
          millicredits: r.millicredits,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'experiment_id', 'variant', 'day'])
          .doUpdateSet({ feed_requests: plus('feed_requests'), push_users: plus('push_users'), millicredits: plus('millicredits') }),
      )
      .execute();
  }
}
