import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_SIGNALS } from '../../src/events/user-signals-repo.js';
import { POOL_WINDOW_MS } from '../../src/feed/content-pool.js';
import { loadUserFeedState, loadUserFeedStates } from '../../src/feed/user-feed-state.js';
import { loadPushUserStates } from '../../src/push/push-user-states.js';
import { testBackends } from '../helpers/backends.js';
import { repoDatabase, type RepoDatabase } from '../helpers/repo-database.js';

const NOW = Date.UTC(2026, 5, 10, 12);
const TENANT = 'ten_states';

/** One loader for the feed's one user and a push job's batch: the batch must say of each user what a batch of one says. */
describe.each(testBackends().map((b) => [b.name, b] as const))('user feed states on %s', (_name, backend) => {
  let handle: RepoDatabase;

  beforeAll(async () => {
    handle = await repoDatabase(backend, [TENANT]);
    const db = handle.db;
    for (const id of ['src_a', 'src_b']) {
      await db
        .insertInto('sources')
        .values({
          id,
          name: id,
          feed_url: null,
          trust_level: 1,
          language: null,
          category: null,
          active: 1,
          created_at: 0,
          updated_at: 0,
          etag: null,
          last_modified: null,
          next_crawl_at: null,
          crawl_lease_until: null,
          last_crawled_at: null,
          last_success_at: null,
          last_error: null,
          last_result: null,
        })
        .execute();
    }
    await db
      .insertInto('users')
      .values([
        {
          tenant_id: TENANT,
          user_id: 'u_full',
          properties: JSON.stringify({ language: 'en', interests: ['sports'] }),
          created_at: 0,
          updated_at: 0,
          last_active_at: null,
        },
        { tenant_id: TENANT, user_id: 'u_bare', properties: '{}', created_at: 0, updated_at: 0, last_active_at: null },
      ])
      .execute();
    await db
      .insertInto('user_sources')
      .values([
        { tenant_id: TENANT, user_id: 'u_full', source_id: 'src_a', relation: 'follow', created_at: 0 },
        { tenant_id: TENANT, user_id: 'u_full', source_id: 'src_b', relation: 'block', created_at: 0 },
      ])
      .execute();
    await db
      .insertInto('read_marks')
      .values([
        { tenant_id: TENANT, user_id: 'u_full', content_id: 'c_recent', read_at: NOW - 1000 },
        // Older than the pool: never read back.
        { tenant_id: TENANT, user_id: 'u_full', content_id: 'c_old', read_at: NOW - POOL_WINDOW_MS - 2 * 24 * 60 * 60_000 },
        { tenant_id: TENANT, user_id: 'u_unregistered', content_id: 'c_clicked', read_at: NOW - 1000 },
      ])
      .execute();
    // More signals than a profile reads, for two users: the batch keeps each one's newest.
    for (const userId of ['u_full', 'u_bare']) {
      const rows = Array.from({ length: PROFILE_SIGNALS + 5 }, (_, i) => ({
        tenant_id: TENANT,
        user_id: userId,
        content_id: `c_${String(i).padStart(4, '0')}`,
        clicks: 1,
        updated_at: NOW - i * 1000,
        last_click_at: null,
      }));
      for (let at = 0; at < rows.length; at += 100)
        await db
          .insertInto('user_content_signals')
          .values(rows.slice(at, at + 100))
          .execute();
    }
  });
  afterAll(async () => {
    await handle.close();
  });

  it('a batch of users says of each what a batch of one says', async () => {
    const ids = ['u_full', 'u_bare', 'u_unregistered'];
    const batch = await loadUserFeedStates(handle.db, TENANT, ids, NOW);
    for (const id of ids) expect(batch.get(id), id).toEqual(await loadUserFeedState(handle.db, TENANT, id, NOW));

    const full = batch.get('u_full')!;
    expect(full).toMatchObject({ registered: true, properties: { language: 'en', interests: ['sports'] } });
    expect([...full.followed]).toEqual(['src_a']);
    expect([...full.blocked]).toEqual(['src_b']);
    expect([...full.read]).toEqual(['c_recent']);
    expect(full.signals.map((s) => s.contentId)).toEqual(
      Array.from({ length: PROFILE_SIGNALS }, (_, i) => `c_${String(i).padStart(4, '0')}`),
    );
    expect(batch.get('u_bare')!.signals).toHaveLength(PROFILE_SIGNALS);
    const unregistered = batch.get('u_unregistered')!;
    expect(unregistered).toMatchObject({ registered: false, properties: {}, signals: [] });
    expect([...unregistered.read]).toEqual(['c_clicked']);
  });

  it("a push job's states are the feed's for its registered users, with what other jobs pushed", async () => {
    await handle.db
      .insertInto('push_history')
      .values([
        { tenant_id: TENANT, user_id: 'u_bare', content_id: 'c_pushed', job_id: 'job_other', pushed_at: NOW - 1000 },
        { tenant_id: TENANT, user_id: 'u_bare', content_id: 'c_mine', job_id: 'job_this', pushed_at: NOW - 1000 },
      ])
      .execute();
    const states = await loadPushUserStates(handle.db, TENANT, ['u_full', 'u_bare', 'u_unregistered'], 'job_this', NOW);
    expect([...states.keys()]).toEqual(['u_full', 'u_bare']);
    const { pushed, ...bare } = states.get('u_bare')!;
    expect(bare).toEqual(await loadUserFeedState(handle.db, TENANT, 'u_bare', NOW));
    expect([...pushed]).toEqual(['c_pushed']);
  });
});
