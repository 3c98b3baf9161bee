import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPushUserStates } from '../../src/push/push-user-states.js';
import { testBackends } from '../helpers/backends.js';
import { repoDatabase, type RepoDatabase } from '../helpers/repo-database.js';

const NOW = Date.UTC(2026, 10, 28, 6);
const TENANT = 'ten_reads';
const USERS = 5000;
const BATCH = 500; // a push job's batch (push-chunk-runner.ts)
const TABLES = ['users', 'read_marks', 'user_content_signals', 'push_history'] as const;
const userId = (i: number) => `u-${String(i).padStart(5, '0')}`;

/**
 * Issue 20: a push job reads its users' state 500 at a time, and each batch
 * must read those users' rows, not the tenant's: PostgreSQL planned the
 * `IN (…)` lists as a scan of every row of the tenant, so a job's reads grew
 * with the square of its audience (rows-per-user.ts).
 */
describe.each(testBackends().map((b) => [b.name, b] as const))("a push batch's state reads on %s", (_name, backend) => {
  let handle: RepoDatabase;

  beforeAll(async () => {
    handle = await repoDatabase(backend, [TENANT]);
    const { db } = handle;
    for (let at = 0; at < USERS; at += 250) {
      const ids = Array.from({ length: 250 }, (_, k) => userId(at + k));
      await db
        .insertInto('users')
        .values(
          ids.map((user_id) => ({ tenant_id: TENANT, user_id, properties: '{}', created_at: 0, updated_at: 0, last_active_at: null })),
        )
        .execute();
      await db
        .insertInto('read_marks')
        .values(ids.map((user_id) => ({ tenant_id: TENANT, user_id, content_id: 'cnt_read', read_at: NOW - 1000 })))
        .execute();
      // Two signals each, the newer one second.
      await db
        .insertInto('user_content_signals')
        .values(
          ids.flatMap((user_id) =>
            ['cnt_old', 'cnt_new'].map((content_id, k) => ({
              tenant_id: TENANT,
              user_id,
              content_id,
              impressions: 1,
              clicks: k,
              likes: 0,
              dislikes: 0,
              shares: 0,
              dwell_ms: 0,
              last_click_at: null,
              updated_at: NOW - 2000 + k,
            })),
          ),
        )
        .execute();
      await db
        .insertInto('push_history')
        .values(
          ids.map((user_id) => ({ tenant_id: TENANT, user_id, content_id: 'cnt_pushed', job_id: 'job_earlier', pushed_at: NOW - 3000 })),
        )
        .execute();
    }
  }, 60_000);
  afterAll(() => handle.close());

  /** Rows PostgreSQL read from the tables (sequential and index fetches), as its statistics count them. */
  const rowsRead = async () => {
    const { rows } = await sql<{ n: string }>`select sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)) as n
      from pg_stat_user_tables where relname in (${sql.join(TABLES)})`.execute(handle.db);
    return Number(rows[0]!.n);
  };

  it('reads each user of the batch, in full, and on PostgreSQL no more rows than theirs', async () => {
    const batch = Array.from({ length: BATCH }, (_, k) => userId(2000 + k));
    const before = backend.name === 'postgres' ? await rowsRead() : 0;
    // One connection, whose statistics are flushed before they are read.
    const states = await handle.db.connection().execute(async (conn) => {
      const loaded = await loadPushUserStates(conn, TENANT, batch, 'job_now', NOW);
      if (backend.name === 'postgres') await sql`select pg_stat_force_next_flush()`.execute(conn);
      return loaded;
    });

    expect([...states.keys()]).toEqual(batch);
    for (const state of states.values()) {
      expect(state.registered).toBe(true);
      expect([...state.read]).toEqual(['cnt_read']);
      expect(state.signals.map((s) => s.contentId)).toEqual(['cnt_new', 'cnt_old']);
      expect([...state.pushed]).toEqual(['cnt_pushed']);
    }
    if (backend.name === 'postgres') {
      // The batch's own rows: 500 users, 500 read marks, 1,000 signals, 500 pushes (2,500 of the tenant's 25,000).
      const read = (await rowsRead()) - before;
      expect(read).toBeGreaterThanOrEqual(2500);
      expect(read).toBeLessThanOrEqual(2500 * 1.5);
    }
  });
});
