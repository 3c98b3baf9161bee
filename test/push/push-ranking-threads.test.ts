import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';

/**
 * Push jobs rank on the ranking threads (RANKING_THREADS), several users in
 * flight: the file must be exactly the one ranking on the job's own thread
 * gives, users in their order, on every backend.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a push job ranked on a ranking thread on %s', (_name, backend) => {
  const apps: Record<'inline' | 'thread', FeedFixture> = {} as never;
  const users = Array.from({ length: 45 }, (_, i) => `pu${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    for (const ranking of ['inline', 'thread'] as const) {
      const f = await startFeedFixture({ backend, perSource: 8, env: { RANKING_THREADS: ranking === 'thread' ? '2' : '0' } });
      for (const [i, userId] of users.entries()) {
        // Some with interests or areas of their own, so their rankings differ.
        const properties =
          i % 3 === 0
            ? { interests: [['政治', '科学', 'スポーツ'][i % 9 === 0 ? 0 : 1]!] }
            : i % 3 === 1
              ? { area_names: ['渋谷'], area_level: 'station' }
              : {};
        expect((await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties })).statusCode).toBe(201);
      }
      apps[ranking] = f;
    }
  });
  afterAll(async () => {
    for (const f of Object.values(apps)) await f.t.close();
  });

  it("writes the same lines, in the users' order, as ranking inline", async () => {
    const files: Record<string, { user_id: string; ids: string[]; scores: number[] }[]> = {};
    for (const [ranking, f] of Object.entries(apps)) {
      const job = await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: users });
      expect(job).toMatchObject({ status: 'completed', users_processed: users.length });
      files[ranking] = (await downloadLines(f.t, job)).map((l) => ({
        user_id: l.user_id,
        ids: l.candidates.map((c) => c.id),
        scores: l.candidates.map((c) => c.score),
      }));
    }
    expect(files.thread!.map((l) => l.user_id)).toEqual(users);
    expect(files.thread!.every((l) => l.ids.length === 3)).toBe(true);
    // Item ids differ between the two apps (each ingested its own copy): compare by position and score.
    expect(files.thread!.map((l) => l.scores)).toEqual(files.inline!.map((l) => l.scores));
  });
});
