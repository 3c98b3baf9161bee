import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPool } from '../../src/feed/content-pool.js';
import { testBackends } from '../helpers/backends.js';
import { storeCopies } from '../helpers/stored-copies.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

/**
 * The pool reads what changed since its last refresh, and re-reads the last
 * 5 s of changes in case a commit was late. Rows changed together (a model's
 * projection touches every article at once) must be read again only within
 * those 5 s, not at every refresh until something newer is written: on
 * 100,000 articles that re-read cost a ranking thread most of a core.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('content pool refresh on %s', (_name, backend) => {
  let f: FeedFixture;
  let pool: ContentPool;

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 3 }); // 18 items
    pool = new ContentPool(f.t.deps.db, f.t.clock, 256);
    await pool.whenComplete();
  });
  afterAll(() => f.t.close());

  it('reads rows changed together again for the overlap only', async () => {
    const stamped = f.t.clock.now();
    await f.t.deps.db.updateTable('contents').set({ updated_at: stamped }).execute();
    const readAt = async (offsetMs: number) => {
      f.t.clock.set(stamped + offsetMs);
      const before = pool.rowsRefreshed;
      await pool.refresh();
      return pool.rowsRefreshed - before;
    };
    expect(await readAt(1_000)).toBe(18);
    // Within 5 s of the refresh that read them: read again, in case one of them committed late.
    expect(await readAt(5_500)).toBe(18);
    expect(await readAt(7_000)).toBe(0);
    expect(await readAt(60_000)).toBe(0);
  });

  it('drops items deleted from the database at its reconcile, read in pages, and keeps the rest', async () => {
    const { db } = f.t.deps;
    const now = f.t.clock.now();
    // More than two of the reconcile's pages (5,000 ids).
    const extra = await storeCopies(db, 'extra', 10_100, (i) => now - 3_600_000 - i, now);
    f.t.clock.advance(2_000);
    await pool.refresh();
    expect(pool.get('cnt_extra_10099')).toBeDefined();
    const gone = ['cnt_extra_00000', 'cnt_extra_05000', 'cnt_extra_10099'];
    await db.deleteFrom('contents').where('id', 'in', gone).execute();
    f.t.clock.advance(61_000);
    await pool.refresh();
    // The reconcile runs behind the refresh, a page a turn of the event loop.
    await pool.settled();
    expect(gone.filter((id) => pool.get(id))).toEqual([]);
    expect(extra.filter((id) => !gone.includes(id) && !pool.get(id))).toEqual([]);
  }, 60_000);

  it('trains its index in the background once refreshes have grown it past its last training', async () => {
    // Trained on the start's 18 items; the 10,100 the refresh above read are over 3 times that.
    await pool.settled();
    expect(pool.vectors.stats().trainedAt).toBe(pool.size);
  });
});
