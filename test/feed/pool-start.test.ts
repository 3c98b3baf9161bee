import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPool } from '../../src/feed/content-pool.js';
import { Popularity } from '../../src/feed/popularity.js';
import { rankedAt, type RankedList } from '../../src/feed/ranked-list.js';
import { RankingEngine, type EngineRequest } from '../../src/feed/ranking-engine.js';
import { CollaborativeModels } from '../../src/learning/collaborative-models.js';
import { COMPONENTS } from '../../src/ranking/score.js';
import { DEFAULT_ALGORITHM } from '../../src/scenarios/algorithm-config.js';
import { testBackends } from '../helpers/backends.js';
import { storeCopies } from '../helpers/stored-copies.js';
import { FIXTURE_ALGORITHM, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

/** More than a start's first part (content-pool.ts FIRST_LOAD, 2,000), so the rest loads in the background. */
const OLDER_ITEMS = 2100;
const POPULARITY = COMPONENTS.indexOf('popularity');

/**
 * A ranking thread's start (issue 15: the first feed within 2 s): it ranks with the
 * newest part of the pool while the rest loads, and without waiting for the tenant's
 * impression and click counts; every list ranked meanwhile is ranked again once the
 * pool is complete. A push user's ranking, never sent again, waits for all of it.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('rankings while the pool starts on %s', (_name, backend) => {
  let f: FeedFixture;
  let popular: string;
  /** The last of the older copies: loaded with the rest, not the first part. */
  let oldest: string;

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 2 });
    const { db } = f.t.deps;
    const now = f.t.clock.now();
    // Older copies of one article. Three at each time: the pages come in (time, id) descending, the pool keeps ties by id ascending.
    oldest = (await storeCopies(db, 'older', OLDER_ITEMS, (i) => now - 6 * 3_600_000 - Math.floor(i / 3) * 1000)).at(-1)!;
    // One of the newest items is clicked far more than the rest.
    popular = f.items.politics![0]!;
    await db
      .insertInto('content_stats')
      .values({ tenant_id: f.tenantId, content_id: popular, impressions: 1000, clicks: 600, updated_at: now })
      .execute();
  }, 120_000);
  afterAll(() => f.t.close());

  const request = (watchKey?: string): EngineRequest => ({
    tenantId: f.tenantId,
    config: { ...DEFAULT_ALGORITHM, ...FIXTURE_ALGORITHM },
    user: { registered: false, followed: new Set(), blocked: new Set(), read: new Set(), signals: [] },
    interestVector: null,
    latent: null,
    interestCategory: null,
    areas: [],
    now: f.t.clock.now(),
    seedKey: 'anonymous',
    limit: 200,
    pageSize: 20,
    watchKey,
  });
  const start = () => {
    const { db } = f.t.deps;
    const pool = new ContentPool(db, f.t.clock, 256);
    return { pool, engine: new RankingEngine(pool, new Popularity(db, f.t.clock), new CollaborativeModels(db, f.t.clock), 100) };
  };
  const popularityOf = (list: RankedList, id = popular) => {
    const at = list.ids.indexOf(id);
    expect(at).toBeGreaterThanOrEqual(0);
    return rankedAt(list, at).components![POPULARITY]!;
  };
  /** An item no one saw: its popularity part is the prior's. */
  const unseen = () => f.items.politics![1]!;

  it('ranks at once with the newest items and no counts, then again with everything once the pool is complete', async () => {
    const { pool, engine } = start();
    const first = await engine.rank(request('list-a'));
    // The start's path: the oldest items were still loading.
    expect(pool.isComplete).toBe(false);
    expect(pool.get(oldest)).toBeUndefined();
    expect(popularityOf(first)).toBe(popularityOf(first, unseen()));

    await pool.whenComplete();
    expect(pool.get(oldest)).toBeDefined();
    expect(await engine.sweep()).toEqual(['list-a']);
    const again = await engine.rank(request('list-a'));
    expect(popularityOf(again)).toBeGreaterThan(popularityOf(again, unseen()));
  });

  it('keeps its items newest first, ties by id, once loaded in pages', async () => {
    const { pool } = start();
    await pool.whenComplete();
    const items = pool.newest();
    expect(items.length).toBeGreaterThan(OLDER_ITEMS);
    const misplaced = items.filter((item, i) => {
      const before = items[i - 1];
      return before && (before.publishedAt < item.publishedAt || (before.publishedAt === item.publishedAt && before.id > item.id));
    });
    expect(misplaced).toEqual([]);
  });

  it('trains its vector index over the whole pool once complete', async () => {
    const { pool, engine } = start();
    await engine.rank(request());
    expect(pool.vectors.stats().trainedAt).toBeLessThan(OLDER_ITEMS);
    await pool.whenComplete();
    expect(pool.vectors.stats().trainedAt).toBe(pool.size);
  });

  it("ranks a push user with the whole pool and the tenant's counts, even at a start", async () => {
    const { pool, engine } = start();
    const list = await engine.rankWhole(request());
    expect(pool.isComplete).toBe(true);
    expect(popularityOf(list)).toBeGreaterThan(popularityOf(list, unseen()));
  });
});
