import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'trends per scenario and channel (GET …/metrics?scenario&channel) on %s',
  (_name, backend) => {
    let f: FeedFixture;
    const metrics = async (query = '') => {
      const res = await f.t.admin(
        'GET',
        `/admin/v1/tenants/${f.tenantId}/metrics?from=${dayOf(f.t.clock.now() - DAY_MS)}&to=${dayOf(f.t.clock.now() + DAY_MS)}${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const today = (m: { days: { day: string }[] }) => m.days.find((d) => d.day === dayOf(f.t.clock.now()));

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 2 });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/sidebar`, { type: 'feed', algorithm_id: 'main' });
      const at = new Date(f.t.clock.now()).toISOString();
      for (const userId of ['ann', 'bob']) await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      const page = (await f.feed({ user_id: 'ann', limit: 3 })).body.items;
      const side = (await f.feed({ scenario: 'sidebar', user_id: 'bob', limit: 2 })).body.items;
      const [line] = await downloadLines(
        f.t,
        await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 1, target_mode: 'manual', user_ids: ['bob'] }),
      );
      const event = (type: string, userId: string, token: string) => ({
        type,
        session_id: `s-${userId}`,
        user_id: userId,
        tracking_token: token,
        occurred_at: at,
      });
      const events = [
        { type: 'session_start', session_id: 's-ann', user_id: 'ann', occurred_at: at },
        { type: 'session_start', session_id: 's-bob', user_id: 'bob', occurred_at: at },
        // home (feed): 3 impressions, 1 click, 1 like by ann.
        ...page.map((i: { tracking_token: string }) => event('impression', 'ann', i.tracking_token)),
        event('click', 'ann', page[0].tracking_token),
        event('like', 'ann', page[0].tracking_token),
        // sidebar (feed): 2 impressions by bob.
        ...side.map((i: { tracking_token: string }) => event('impression', 'bob', i.tracking_token)),
        // daily (push): 1 click by bob.
        event('click', 'bob', line!.candidates[0]!.tracking_token),
      ];
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
      await f.t.processEvents();
    });
    afterAll(() => f.t.close());

    it('without a filter: the tenant, and the scenarios that have counts', async () => {
      const m = await metrics();
      expect(m).toMatchObject({
        scenario: null,
        channel: null,
        scenarios: ['daily', 'home', 'sidebar'],
        impressions: 5,
        clicks: 2,
        push_clicks: 1,
        likes: 1,
        active_users: 2,
        sessions: 2,
      });
    });

    it("per scenario: its impressions, clicks, reactions and users; sessions stay the tenant's", async () => {
      const home = await metrics('&scenario=home');
      expect(home).toMatchObject({
        scenario: 'home',
        channel: null,
        impressions: 3,
        clicks: 1,
        likes: 1,
        push_clicks: 0,
        active_users: 1,
        sessions: 2,
      });
      expect(today(home)).toMatchObject({ active_users: 1, impressions: 3, clicks: 1, sessions: 2 });
      const sidebar = await metrics('&scenario=sidebar');
      expect(sidebar).toMatchObject({ impressions: 2, clicks: 0, ctr: 0, active_users: 1 });
      expect(await metrics('&scenario=nothing')).toMatchObject({ impressions: 0, clicks: 0, active_users: 0 });
    });

    it('per channel: push clicks apart from the feed, and both filters together', async () => {
      expect(await metrics('&channel=push')).toMatchObject({ channel: 'push', impressions: 0, clicks: 1, push_clicks: 1, active_users: 1 });
      expect(await metrics('&channel=feed')).toMatchObject({ channel: 'feed', impressions: 5, clicks: 1, push_clicks: 0, active_users: 2 });
      expect(await metrics('&channel=feed&scenario=daily')).toMatchObject({ impressions: 0, clicks: 0 });
      expect(await metrics('&channel=push&scenario=daily')).toMatchObject({ clicks: 1 });
      expect((await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}/metrics?channel=email`)).statusCode).toBe(400);
    });
  },
);
