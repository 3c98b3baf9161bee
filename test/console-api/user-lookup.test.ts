import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

interface Lookup {
  recent_reads: { content_id: string; title: string | null; read_at: string; channel: string | null }[];
  sessions: { session_id: string; started_at: string; last_event_at: string; events: number }[];
  [field: string]: unknown;
}

describe.each(testBackends().map((b) => [b.name, b] as const))('GET /admin/v1/tenants/{id}/users/{user_id} on %s', (_name, backend) => {
  let f: FeedFixture;
  const at = () => new Date(f.t.clock.now()).toISOString();
  const send = async (events: Record<string, unknown>[], key = f.key) => {
    expect((await f.t.api(key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
  };
  const lookup = (userId: string, tenantId = f.tenantId) =>
    f.t.admin('GET', `/admin/v1/tenants/${tenantId}/users/${encodeURIComponent(userId)}`);

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 5 });
  });
  afterAll(() => f.t.close());

  it('shows the user as /v1/users does, with reads (title, time, channel) and sessions, newest first', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/alice', { properties: { interests: ['tech'] } });
    await f.t.api(f.key, 'PUT', `/v1/users/alice/sources/${f.sources.science}/follow`);
    await f.t.api(f.key, 'PUT', `/v1/users/alice/sources/${f.sources.politics}/block`);
    await send([{ type: 'session_start', session_id: 'morning', user_id: 'alice', occurred_at: at() }]);
    const [first, second] = (await f.feed({ user_id: 'alice', limit: 2 })).body.items as {
      id: string;
      title: string;
      tracking_token: string;
    }[];
    await send([{ type: 'click', session_id: 'morning', user_id: 'alice', tracking_token: first!.tracking_token, occurred_at: at() }]);
    f.t.clock.advance(60_000);
    await send([{ type: 'session_start', session_id: 'evening', user_id: 'alice', occurred_at: at() }]);
    const pushed = f.t.deps.tokens.issue({
      tenantId: f.tenantId,
      contentId: second!.id,
      scenario: 'daily',
      channel: 'push',
      userId: 'alice',
      requestId: 'job_x',
      position: 0,
      issuedAt: Math.floor(f.t.clock.now() / 1000),
    });
    f.t.clock.advance(1000);
    await send([
      { type: 'impression', session_id: 'evening', user_id: 'alice', tracking_token: pushed, occurred_at: at() },
      { type: 'click', session_id: 'evening', user_id: 'alice', tracking_token: pushed, occurred_at: at() },
    ]);
    await f.t.processEvents();

    const res = await lookup('alice');
    expect(res.statusCode).toBe(200);
    const body = res.json<Lookup>();
    expect(body).toMatchObject((await f.t.api(f.key, 'GET', '/v1/users/alice')).json());
    expect(body.followed_sources).toEqual([expect.objectContaining({ id: f.sources.science })]);
    expect(body.blocked_sources).toEqual([expect.objectContaining({ id: f.sources.politics })]);
    expect(body.recent_reads).toEqual([
      { content_id: second!.id, title: second!.title, read_at: at(), channel: 'push' },
      { content_id: first!.id, title: first!.title, read_at: new Date(f.t.clock.now() - 61_000).toISOString(), channel: 'feed' },
    ]);
    expect(body.sessions).toEqual([
      { session_id: 'evening', started_at: new Date(f.t.clock.now() - 1000).toISOString(), last_event_at: at(), events: 3 },
      {
        session_id: 'morning',
        started_at: new Date(f.t.clock.now() - 61_000).toISOString(),
        last_event_at: new Date(f.t.clock.now() - 61_000).toISOString(),
        events: 2,
      },
    ]);
  });

  it('keeps the newest 20 reads and 20 sessions', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/bob', { properties: {} });
    const items = (await f.feed({ user_id: 'bob', limit: 25 })).body.items as { id: string; tracking_token: string }[];
    expect(items).toHaveLength(25);
    for (const [i, item] of items.entries()) {
      f.t.clock.advance(1000);
      await send([
        { type: 'session_start', session_id: `s-${i}`, user_id: 'bob', occurred_at: at() },
        { type: 'click', session_id: `s-${i}`, user_id: 'bob', tracking_token: item.tracking_token, occurred_at: at() },
      ]);
    }
    await f.t.processEvents();
    const body = (await lookup('bob')).json<Lookup>();
    expect(body.recent_reads.map((r) => r.content_id)).toEqual(
      items
        .slice(5)
        .map((i) => i.id)
        .reverse(),
    );
    expect(body.sessions.map((s) => s.session_id)).toEqual(Array.from({ length: 20 }, (_, i) => `s-${24 - i}`));
  });

  it("404 for an unknown user or tenant; another tenant's user with the same id is never shown", async () => {
    const missing = await lookup('nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect((await lookup('alice', 'ten_unknown')).statusCode).toBe(404);

    const other = await f.t.createTenant();
    await f.t.api(other.apiKey, 'PUT', '/v1/users/alice', { properties: { interests: ['other tenant'] } });
    await f.t.api(other.apiKey, 'PUT', '/v1/users/carol', { properties: {} });
    await send([{ type: 'session_start', session_id: 'foreign', user_id: 'alice', occurred_at: at() }], other.apiKey);
    await f.t.processEvents();
    const ours = (await lookup('alice')).json<Lookup>();
    expect(ours.properties).toEqual({ interests: ['tech'] });
    expect(ours.sessions.map((s) => s.session_id)).toEqual(['evening', 'morning']);
    const theirs = (await lookup('alice', other.tenantId)).json<Lookup>();
    expect(theirs).toMatchObject({ properties: { interests: ['other tenant'] }, recent_reads: [], followed_sources: [] });
    expect(theirs.sessions.map((s) => s.session_id)).toEqual(['foreign']);
    expect((await lookup('carol')).statusCode).toBe(404);
  });
});
