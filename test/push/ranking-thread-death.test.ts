import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingBackend } from '../../src/feed/ranking-backend.js';
import { RankingThreads } from '../../src/feed/ranking-threads.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';

/**
 * Issue 17: a ranking thread that reaches its heap limit (RANKING_THREAD_HEAP_MB) dies. The
 * HTTP thread's next ranking starts another; serve's worker thread ranks push users on the
 * HTTP thread's ranking threads through ports (RankingThreads.over), which close with the
 * thread: it must reach the thread started in its place, not fail every later push job.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a ranking thread that dies on %s', (_name, backend) => {
  let f: FeedFixture;
  const users = Array.from({ length: 12 }, (_, i) => `du${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 4, env: { RANKING_THREADS: '1' } });
    for (const [i, userId] of users.entries()) {
      const properties = i % 2 === 0 ? { interests: ['科学'] } : {};
      expect((await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties })).statusCode).toBe(201);
    }
  });
  afterAll(() => f.t.close());

  it('is replaced: a feed page and a push job ranked through the worker thread’s ports still complete', { timeout: 60_000 }, async () => {
    // The runtime's one UserRanker (feed lists and push jobs share it); its backend is swapped below for what
    // serve's worker thread has in its place.
    const ranker = (f.t.deps.rankings as unknown as { deps: { ranker: { backend: RankingBackend } } }).deps.ranker;
    const own = ranker.backend as RankingThreads;
    // What serve's worker thread holds (deps.ts hands the ports over when it starts the thread).
    const viaPorts = RankingThreads.over(own.connect(), (index, dead) => own.reconnect(index, dead));
    const pushJob = async () => {
      ranker.backend = viaPorts;
      try {
        return await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 2, target_mode: 'manual', user_ids: users });
      } finally {
        ranker.backend = own;
      }
    };
    const before = await pushJob();
    expect(before).toMatchObject({ status: 'completed', users_processed: users.length });

    await own.kill(0);

    const page = await f.feed({ scenario: 'home', user_id: 'reader-after' });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeGreaterThan(0);
    const after = await pushJob();
    expect(after).toMatchObject({ status: 'completed', users_processed: users.length });
    const lines = await downloadLines(f.t, after);
    expect(lines.map((l) => l.user_id)).toEqual(users);
    expect(lines.every((l) => l.candidates.length === 2)).toBe(true);
    await viaPorts.close();
  });
});
