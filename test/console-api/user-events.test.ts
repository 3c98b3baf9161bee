import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  "a user's recent events (GET …/users/{user_id}/events) on %s",
  (_name, backend) => {
    let f: FeedFixture;
    let other: { tenantId: string; apiKey: string };
    let items: { id: string; title: string; tracking_token: string }[];
    const events = (userId: string, query = '', tenantId = f.tenantId) =>
      f.t.admin('GET', `/admin/v1/tenants/${tenantId}/users/${encodeURIComponent(userId)}/events${query}`);

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 2 });
      other = await f.t.createTenant({ name: 'Other' });
      await f.t.api(f.key, 'PUT', '/v1/users/ann', { properties: {} });
      items = (await f.feed({ user_id: 'ann', limit: 2 })).body.items;
      const at = (minutes: number) => new Date(f.t.clock.now() + minutes * 60_000).toISOString();
      // Sent one request at a time: the log receives them in this order.
      const send = async (key: string, event: Record<string, unknown>) =>
        expect((await f.t.api(key, 'POST', '/v1/events', { events: [event] })).statusCode).toBe(202);
      await send(f.key, { type: 'session_start', session_id: 's1', user_id: 'ann', occurred_at: at(0) });
      await send(f.key, {
        type: 'impression',
        session_id: 's1',
        user_id: 'ann',
        tracking_token: items[0]!.tracking_token,
        occurred_at: at(1),
      });
      await send(f.key, { type: 'click', session_id: 's1', user_id: 'ann', tracking_token: items[1]!.tracking_token, occurred_at: at(2) });
      await send(f.key, { type: 'session_start', session_id: 's2', user_id: 'bob', occurred_at: at(0) });
      // The same user id in another tenant.
      await send(other.apiKey, { type: 'session_start', session_id: 'x', user_id: 'ann', occurred_at: at(0) });
      await f.t.processEvents();
    });
    afterAll(() => f.t.close());

    it('lists them newest first, with the item, channel and scenario, in cursor pages', async () => {
      const first = await events('ann', '?limit=2');
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json();
      expect(page.events.map((e: { type: string }) => e.type)).toEqual(['click', 'impression']);
      expect(page.events[0]).toMatchObject({
        content_id: items[1]!.id,
        title: items[1]!.title,
        channel: 'feed',
        scenario: 'home',
        position: 1,
        session_id: 's1',
        applied: true,
      });
      expect(page.events[0].seq).toBeGreaterThan(page.events[1].seq);
      const second = (await events('ann', `?limit=2&cursor=${encodeURIComponent(page.meta.next_cursor)}`)).json();
      expect(second.events.map((e: { type: string }) => e.type)).toEqual(['session_start']);
      expect(second.events[0]).toMatchObject({ content_id: null, title: null, channel: null, scenario: null });
      expect(second.meta.next_cursor).toBeNull();

      // A cursor is for the user it came with.
      expect((await events('bob', `?cursor=${encodeURIComponent(page.meta.next_cursor)}`)).statusCode).toBe(400);
      expect((await events('ann', '?cursor=nonsense')).statusCode).toBe(400);
    });

    it("never shows another tenant's user of the same id; an unknown user or tenant is 404", async () => {
      expect((await events('ann', '', other.tenantId)).json().events.map((e: { session_id: string }) => e.session_id)).toEqual(['x']);
      expect((await events('nobody')).statusCode).toBe(404);
      expect((await events('ann', '', 'ten_nope')).statusCode).toBe(404);
    });

    it('names no title for an item hidden since', async () => {
      expect((await f.t.admin('POST', `/admin/v1/contents/${items[1]!.id}/hide`, { reason: 'test' })).statusCode).toBe(200);
      expect((await events('ann', '?limit=1')).json().events[0]).toMatchObject({ content_id: items[1]!.id, title: null });
    });
  },
);
