import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { FIXTURE_ALGORITHM, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';

const HOUR = 3_600_000;

/**
 * What a user clicks in a push notification is learned like a feed click: the
 * clicked category rises in that user's later feeds and push jobs. Two users are
 * offered the same sports-only pushes; only one of them clicks.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a push click improves later recommendations on %s', (_name, backend) => {
  let f: FeedFixture;
  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 12 }); // 72 items, 6 categories
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/sports`, { ...FIXTURE_ALGORITHM, include_categories: ['sports'] });
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/sports-push`, { type: 'push', algorithm_id: 'sports' });
    for (const user of ['fan', 'idle']) expect((await f.t.api(f.key, 'PUT', `/v1/users/${user}`, { properties: {} })).statusCode).toBe(201);
  });
  afterAll(() => f.t.close());

  const push = async (scenario: string) => {
    f.t.clock.advance(HOUR);
    const lines = await downloadLines(
      f.t,
      await runJob(f.t, f.key, { scenario, candidates_per_user: 3, target_mode: 'manual', user_ids: ['fan', 'idle'] }),
    );
    return new Map(lines.map((l) => [l.user_id, l.candidates]));
  };
  /** Mean position of sports items in a user's whole feed: lower is better placed. */
  const sportsRank = async (userId: string) => {
    const res = await f.feed({ user_id: userId, limit: 100 });
    expect(res.status).toBe(200);
    const positions = (res.body.items as { category: string }[]).flatMap((item, i) => (item.category === 'sports' ? [i] : []));
    expect(positions.length).toBeGreaterThan(0);
    return positions.reduce((a, b) => a + b, 0) / positions.length;
  };

  it("push clicks raise the clicked category in the user's feed and next push, against a user offered the same, no click", async () => {
    for (let round = 0; round < 3; round++) {
      const offered = await push('sports-push');
      for (const candidate of offered.get('fan')!) {
        expect(candidate.category).toBe('sports');
        const click = {
          type: 'click',
          session_id: `push-${round}`,
          user_id: 'fan',
          tracking_token: candidate.tracking_token,
          occurred_at: new Date(f.t.clock.now()).toISOString(),
        };
        expect((await f.t.api(f.key, 'POST', '/v1/events', { events: [click] })).statusCode).toBe(202);
      }
      await f.t.processEvents();
    }
    f.t.clock.advance(1000);

    expect(await sportsRank('fan')).toBeLessThan((await sportsRank('idle')) - 5);
    const next = await push('daily');
    const sports = (user: string) => next.get(user)!.filter((c) => c.category === 'sports').length;
    expect(next.get('fan')![0]!.category).toBe('sports');
    expect(sports('fan')).toBeGreaterThan(sports('idle'));
  });
});
