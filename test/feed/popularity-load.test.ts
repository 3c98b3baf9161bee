import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { Popularity } from '../../src/feed/popularity.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';

/** More than two of Popularity's pages (5,000 rows), on three timestamps: a page ends among rows of the same time. */
const ROWS = 12_001;
const TIMES = 3;

/**
 * A tenant's impression and click counts are read in pages (issue 15: one read of
 * ~60,000 rows held a ranking thread while a user's first feed waited): every row of
 * the window is counted once, however many rows share an update time, and no other
 * tenant's.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('popularity counts read in pages on %s', (_name, backend) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const clock = new ManualClock(Date.UTC(2026, 10, 1));
  const now = clock.now();

  beforeAll(async () => {
    database = await backend.create();
    handle = openDatabase(database.url);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      tenant_id: 'ten_a',
      content_id: `cnt_${String(i).padStart(6, '0')}`,
      impressions: 30 + (i % 7),
      clicks: i % 5,
      updated_at: now - 60_000 * (1 + (i % TIMES)),
    }));
    rows.push({ tenant_id: 'ten_b', content_id: 'cnt_000001', impressions: 999, clicks: 999, updated_at: now - 60_000 });
    for (let i = 0; i < rows.length; i += 500)
      await handle.db
        .insertInto('content_stats')
        .values(rows.slice(i, i + 500))
        .execute();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('counts every row of the tenant once', async () => {
    const popularity = await new Popularity(handle.db, clock).of('ten_a');
    let impressions = 0;
    let clicks = 0;
    for (let i = 0; i < ROWS; i++) {
      impressions += 30 + (i % 7);
      clicks += i % 5;
    }
    expect(popularity.totals).toEqual({ impressions, clicks });
    const missing = Array.from({ length: ROWS }, (_, i) => `cnt_${String(i).padStart(6, '0')}`).filter(
      (id) => popularity.item(id) === undefined,
    );
    expect(missing).toEqual([]);
    expect(popularity.item('cnt_000001')).toEqual({ impressions: 31, clicks: 1 });
  });

  it('ranks its 500 best by smoothed click rate, ties by id', async () => {
    const popularity = await new Popularity(handle.db, clock).of('ten_a');
    const { impressions, clicks } = popularity.totals;
    const prior = (clicks + 1) / (impressions + 20);
    const smoothed = (i: number) => ((i % 5) + 20 * prior) / (30 + (i % 7) + 20);
    const expected = Array.from({ length: ROWS }, (_, i) => i)
      .sort((a, b) => smoothed(b) - smoothed(a) || a - b)
      .slice(0, 500)
      .map((i) => `cnt_${String(i).padStart(6, '0')}`);
    expect(popularity.top()).toEqual(expected);
  });
});
