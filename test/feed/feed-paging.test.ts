import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemorySnapshotStore } from '../../src/feed/snapshot-store.js';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

describe('GET /v1/feed: a chain longer than one ranked snapshot', () => {
  let f: FeedFixture;
  beforeAll(async () => {
    f = await startFeedFixture({ perSource: 20 }); // 120 items: exactly two rankings of 60
  });
  afterAll(() => f.t.close());

  it('continues past the snapshot and serves all 120 items once; next_cursor is null on the last full page', async () => {
    for (const user of ['long-reader', undefined]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await f.feed({ user_id: user, limit: 30, cursor });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.items).toHaveLength(30); // 120 = 4 full pages: never an empty fifth page
        seen.push(...ids(res.body));
        cursor = res.body.meta.next_cursor ?? undefined;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(120);
    }
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('GET /v1/feed: cursor chains on %s', (_name, backend) => {
  let f: FeedFixture;
  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 8 }); // 48 items
  });
  afterAll(() => f.t.close());

  it('pages through every item once with limit=10 and ends with next_cursor null', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await f.feed({ user_id: 'pager', limit: 10, cursor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(48);
  });

  it('keeps a list as a snapshot only once a page served from it has a next cursor, and only once', async () => {
    // Every snapshot is saved through the in-memory store, Redis or not (RedisSnapshotStore keeps a local copy).
    const saves = vi.spyOn(MemorySnapshotStore.prototype, 'save');
    try {
      const whole = await f.feed({ user_id: 'one-page', limit: 48 }); // all 48 items: no next page
      expect(whole.body.meta.next_cursor).toBeNull();
      expect(saves).not.toHaveBeenCalled();
      const first = await f.feed({ user_id: 'two-pages', limit: 30 });
      const again = await f.feed({ user_id: 'two-pages', limit: 30 }); // the same held list
      expect(saves).toHaveBeenCalledTimes(1);
      const second = await f.feed({ user_id: 'two-pages', limit: 30, cursor: again.body.meta.next_cursor ?? undefined });
      expect(second.status).toBe(200);
      expect([...ids(first.body), ...ids(second.body)].sort()).toEqual(ids(whole.body).sort());
    } finally {
      saves.mockRestore();
    }
  });

  it('20 new items ingested between page 1 and page 2 do not disturb page 2', async () => {
    const first = await f.feed({ user_id: 'stable', limit: 10 });
    const cursor = first.body.meta.next_cursor;
    const before = ids((await f.feed({ user_id: 'stable', limit: 10, cursor })).body);

    const fresh: string[] = [];
    for (const a of fixtureArticles(20, { prefix: 'late', seed: 77 }))
      fresh.push(await f.ingest('sports', { title: a.title, body: a.paragraphs.join('\n') }));
    f.t.clock.advance(2000);
    const after = ids((await f.feed({ user_id: 'stable', limit: 10, cursor })).body);
    expect(after).toEqual(before);
    expect(after.filter((id) => fresh.includes(id))).toEqual([]);
    expect(after.filter((id) => ids(first.body).includes(id))).toEqual([]);
    // A new chain sees the new items.
    const newChain = ids((await f.feed({ user_id: 'stable', limit: 100 })).body);
    expect(newChain.filter((id) => fresh.includes(id)).length).toBeGreaterThan(0);
  });

  it('refuses a tampered cursor, and a cursor used by another user, scenario or query (400)', async () => {
    const cursor: string = (await f.feed({ user_id: 'owner', limit: 5 })).body.meta.next_cursor;
    const tampered = cursor.slice(0, 5) + (cursor[5] === 'x' ? 'y' : 'x') + cursor.slice(6);
    for (const [query, why] of [
      [{ user_id: 'owner', cursor: tampered }, /altered/],
      [{ user_id: 'someone-else', cursor }, /another/],
      [{ cursor }, /another/],
      [{ user_id: 'owner', cursor, area_names: '渋谷' }, /another/],
    ] as const) {
      const res = await f.feed({ limit: 5, ...query });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(why);
      expect(res.body.errors[0].name).toBe('cursor');
    }
    // Another tenant holding the cursor: refused too.
    const other = await f.t.createTenant({ plan: 'enterprise' });
    await f.t.admin('PUT', `/admin/v1/tenants/${other.tenantId}/algorithms/main`, {});
    await f.t.admin('PUT', `/admin/v1/tenants/${other.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
    expect((await f.feed({ user_id: 'owner', cursor, limit: 5 }, other.apiKey)).status).toBe(400);
  });

  it('an anonymous chain (one shared ranking) pages through every item once too', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await f.feed({ limit: 20, cursor });
      seen.push(...ids(res.body));
      cursor = res.body.meta.next_cursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Every item of the tenant's sources, whatever earlier tests ingested: read from the store, not counted.
    const stored = await f.t.deps.db.selectFrom('contents').select('id').where('source_id', 'in', Object.values(f.sources)).execute();
    expect(stored.map((r) => r.id)).toEqual(expect.arrayContaining(Object.values(f.items).flat()));
    expect([...seen].sort()).toEqual(stored.map((r) => r.id).sort());
  });

  it('a cursor expires after an hour with a clear 400', async () => {
    const cursor: string = (await f.feed({ user_id: 'late', limit: 5 })).body.meta.next_cursor;
    f.t.clock.advance(59 * 60_000);
    expect((await f.feed({ user_id: 'late', limit: 5, cursor })).status).toBe(200);
    f.t.clock.advance(2 * 60_000);
    const expired = await f.feed({ user_id: 'late', limit: 5, cursor });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/expired/);
  });
});
