import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { applyEventBatch } from '../../src/events/apply-event-batch.js';
import { EventLog } from '../../src/events/event-log.js';
import type { LoggedEvent } from '../../src/events/event-types.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';

const postgres = testBackends().find((b) => b.name === 'postgres');
const EVENTS = 600;
const PER_BATCH = 25;

/**
 * Several processors on PostgreSQL (a fleet's workers) take batches from one
 * `events` table at once; each takes and marks its rows in one statement
 * (apply-event-batch.ts). No event may be applied by two of them.
 */
describe.skipIf(!postgres)('two event processors on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  beforeAll(async () => {
    database = await postgres!.create();
    a = openDatabase(database.url);
    b = openDatabase(database.url);
    await migrateToLatest(a.db);
    await a.db
      .insertInto('tenants')
      .values({
        id: 'ten_p',
        name: 'p',
        plan: 'custom',
        rate_limit_rps: null,
        usage_cap_millicredits: null,
        billing_anchor_day: 1,
        webhook_url: null,
        webhook_secret: null,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('apply every event once between them', async () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const events = Array.from({ length: EVENTS }, (_, i): LoggedEvent => ({
      tenantId: 'ten_p',
      dedupeKey: `parallel-${i}`,
      type: 'session_start',
      sessionId: `s-${i}`,
      userId: null,
      contentId: null,
      channel: null,
      scenario: null,
      position: null,
      occurredAt: now,
      receivedAt: now,
      metadata: null,
      features: null,
      experimentId: null,
      variant: null,
    }));
    await new EventLog(a.db, 'postgres').append(events);

    const drain = async (handle: DatabaseHandle) => {
      let applied = 0;
      for (;;) {
        const { count } = await applyEventBatch(handle.db, handle.kind, now, PER_BATCH);
        if (count === 0) return applied;
        applied += count;
      }
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).toBe(EVENTS);
    // Each session_start counts once in its session: a batch applied twice would count 2.
    const sessions = await sql<{ n: string; counted: string }>`select count(*) as n, sum(events) as counted from sessions`.execute(a.db);
    expect(Number(sessions.rows[0]!.n)).toBe(EVENTS);
    expect(Number(sessions.rows[0]!.counted)).toBe(EVENTS);
    const left = await sql<{ n: string }>`select count(*) as n from events where processed = 0`.execute(a.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
