import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingBackend } from '../../src/feed/ranking-backend.js';
import { RankingThreads } from '../../src/feed/ranking-threads.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';

/**
 * Issue 20: a job's users go to the ranking threads a slice per message, to whichever
 * thread is free, not all to the one thread their tenant hashes to: one job on one node
 * ranks on every ranking thread, and its file stays complete and in the users' order.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a push job ranked in slices on %s', (_name, backend) => {
  let f: FeedFixture;
  // Each with interests, so none shares the plain users' one ranking: 80 rankings, three slices (8 texts to embed).
  const topics = ['政治', '科学', 'スポーツ', '経済', '国際', '文化', '天気', '健康'];
  const users = Array.from({ length: 80 }, (_, i) => ({
    id: `su${String(i).padStart(2, '0')}`,
    interests: [topics[i % 8]!],
  }));

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 8, env: { RANKING_THREADS: '2' } });
    for (const { id, interests } of users)
      expect((await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: { interests } })).statusCode).toBe(201);
  }, 300_000);
  afterAll(() => f.t.close());

  it('ranks one job on both ranking threads; the file has every user once, in order', { timeout: 60_000 }, async () => {
    const ranker = (f.t.deps.rankings as unknown as { deps: { ranker: { backend: RankingBackend } } }).deps.ranker;
    const own = ranker.backend as RankingThreads;
    // As serve's worker thread reaches them: through ports (deps.ts hands them over when it starts the thread).
    const viaPorts = RankingThreads.over(own.connect(), (index, dead) => own.reconnect(index, dead));
    const answeredBy: number[] = [];
    const rankSlice = viaPorts.rankSlice.bind(viaPorts);
    viaPorts.rankSlice = async (requests) => {
      const reply = await rankSlice(requests);
      answeredBy.push(reply.thread);
      return reply;
    };
    ranker.backend = viaPorts;
    try {
      const ids = users.map((u) => u.id);
      const job = await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ids });
      expect(job).toMatchObject({ status: 'completed', users_processed: users.length });
      const lines = await downloadLines(f.t, job);
      expect(lines.map((l) => l.user_id)).toEqual(ids);
      expect(lines.every((l) => l.candidates.length === 3)).toBe(true);
      expect(answeredBy.length).toBe(3);
      expect(new Set(answeredBy).size).toBe(2);
    } finally {
      ranker.backend = own;
      await viaPorts.close();
    }
  });
});
