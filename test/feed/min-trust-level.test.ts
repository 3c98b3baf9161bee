import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { FIXTURE_ALGORITHM, ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { downloadLines, runJob } from '../helpers/push.js';

const HOUR = 3_600_000;

/**
 * A source whose trust level is below the scenario's algorithm's min_trust_level
 * never reaches that scenario's feed or push candidates, even with the newest
 * articles of all. The same articles under an algorithm that admits the source
 * are served: the control that lets the test fail.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'min_trust_level keeps a source out of feeds and push jobs on %s',
  (_name, backend) => {
    let f: FeedFixture;
    let untrusted: string[];
    const scenario = (name: string, type: 'feed' | 'push', algorithm: string) =>
      f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/${name}`, { type, algorithm_id: algorithm });

    beforeAll(async () => {
      // The fixture's six sources have trust level 2; its algorithm `main` (scenarios home and daily) asks for 2.
      f = await startFeedFixture({ backend, perSource: 3, algorithm: { min_trust_level: 2 } });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/open`, { ...FIXTURE_ALGORITHM, min_trust_level: 1 });
      await scenario('open-feed', 'feed', 'open');
      await scenario('open-push', 'push', 'open');

      const source = await f.t.createSource({ name: '未確認ニュース', trust_level: 1, category: 'sports' });
      untrusted = [];
      for (const [i, a] of fixtureArticles(6, { prefix: 'untrusted', seed: 900 }).entries()) {
        untrusted.push(
          await f.t.ingest({
            source_id: source,
            url: `https://untrusted.example/${i}`,
            title: a.title,
            body: a.paragraphs.join('\n'),
            category: 'sports',
          }),
        );
      }
      f.t.clock.advance(1000);
      for (const user of ['reader', 'control'])
        expect((await f.t.api(f.key, 'PUT', `/v1/users/${user}`, { properties: {} })).statusCode).toBe(201);
    });
    afterAll(() => f.t.close());

    /** Every item of every page of a feed. */
    const wholeFeed = async (query: Record<string, string | undefined>) => {
      const all: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await f.feed({ ...query, limit: 10, cursor });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        all.push(...ids(res.body));
        cursor = res.body.meta.next_cursor ?? undefined;
      } while (cursor);
      return all;
    };

    it('the feed never shows it, anonymous or personal, on any page; an algorithm that admits it does', async () => {
      for (const query of [{}, { user_id: 'reader' }, { user_id: 'reader', area_names: '渋谷' }]) {
        const served = await wholeFeed(query);
        expect(served).toHaveLength(18);
        for (const id of untrusted) expect(served).not.toContain(id);
      }
      const open = await wholeFeed({ scenario: 'open-feed', user_id: 'reader' });
      expect(open).toHaveLength(24);
      for (const id of untrusted) expect(open).toContain(id);
    });

    it('push jobs never offer it, job after job; under an algorithm that admits it they do', async () => {
      const offered: string[] = [];
      for (let job = 0; job < 4; job++) {
        f.t.clock.advance(HOUR);
        const [line] = await downloadLines(
          f.t,
          await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ['reader'] }),
        );
        expect(line!.candidates).toHaveLength(3);
        offered.push(...line!.candidates.map((c) => c.id));
      }
      expect(new Set(offered).size).toBe(12);
      for (const id of untrusted) expect(offered).not.toContain(id);

      const [control] = await downloadLines(
        f.t,
        await runJob(f.t, f.key, { scenario: 'open-push', candidates_per_user: 3, target_mode: 'manual', user_ids: ['control'] }),
      );
      expect(control!.candidates.some((c) => untrusted.includes(c.id))).toBe(true);
    });
  },
);
