import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event, postEvents, startEventFixture, token } from '../helpers/events.js';
import { tablesContaining } from '../helpers/scan-database.js';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';
import type { TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('POST /v1/events on %s', (_name, backend) => {
  let t: TestApp;
  let key: string;
  let tenantId: string;
  let contentId: string;
  let otherContent: string;
  beforeAll(async () => {
    const f = await startEventFixture(backend, ['https://news.example/intake-1', 'https://news.example/intake-2']);
    ({ t, key, tenantId } = f);
    [contentId, otherContent] = f.contentIds as [string, string];
  });
  afterAll(() => t.close());

  const metrics = async (tid = tenantId) => (await t.admin('GET', `/admin/v1/tenants/${tid}/metrics`)).json();
  const names = (res: { json(): any }) => (res.json().errors ?? []).map((e: { name: string }) => e.name);

  it('answers 202 {accepted: n} once stored, free of charge', async () => {
    const res = await postEvents(t, key, [event(t, { type: 'session_start' }), event(t, { type: 'logout' })]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    expect(res.headers['x-credits-used']).toBe('0');
  });

  it('one bad event among 99 good ones → 400 naming its index; none of the 99 takes effect', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const events = Array.from({ length: 100 }, (_, i) => event(t, { type: 'login', user_id: `batch-${i}`, session_id: `s-${i}` }));
    events[57] = event(t, { type: 'login', session_id: 's-57' }); // login without user_id
    const res = await postEvents(t, apiKey, events);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/index 57/);
    expect(names(res)).toEqual(['events[57].user_id']);
    await t.processEvents();
    expect((await t.api(apiKey, 'GET', '/v1/users')).json().users).toEqual([]);
    expect((await metrics(tid)).sessions).toBe(0);
  });

  it('validates the batch: size, types, session, time, required fields — every problem of every event at once', async () => {
    expect((await postEvents(t, key, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => event(t, { type: 'logout' }));
    expect(names(await postEvents(t, key, tooMany))).toEqual(['events']);
    const res = await postEvents(t, key, [
      event(t, { type: 'teleport' }),
      event(t, { type: 'logout', session_id: '' }),
      event(t, { type: 'click' }),
      event(t, { type: 'logout', occurred_at: new Date(t.clock.now() + 6 * 60_000).toISOString() }),
      event(t, { type: 'logout', occurred_at: 'yesterday' }),
      { ...event(t, { type: 'logout' }), colour: 'red' },
      event(t, { type: 'login', user_id: 'x', metadata: { user_attributes: { birth_year: 'old' } } }),
      event(t, { type: 'return', tracking_token: token(t, tenantId, contentId), metadata: { dwell_ms: -5 } }),
      event(t, { type: 'logout', occurred_at: new Date(t.clock.now() + 4 * 60_000).toISOString() }),
      event(t, { type: 'logout', occurred_at: '2016-12-31T23:59:60Z' }),
      event(t, { type: 'logout', session_id: 'bad\u0001id' }),
      event(t, { type: 'login' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/index 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11 are invalid/);
    expect([...new Set(names(res))]).toEqual([
      'events[0].type',
      'events[1].session_id',
      'events[2].tracking_token',
      'events[3].occurred_at',
      'events[4].occurred_at',
      'events[5].colour',
      'events[6].metadata.user_attributes.birth_year',
      'events[7].metadata.dwell_ms',
      'events[9].occurred_at',
      'events[10].session_id',
      'events[11].user_id',
    ]);
    // NUL is refused by the body parser before the batch is read (test/http/input-hygiene.test.ts).
    expect(names(await postEvents(t, key, [event(t, { type: 'logout', session_id: 'bad\u0000id' })]))).toEqual(['events[0].session_id']);
  });

  it.each(['impression', 'click', 'return', 'share', 'like', 'dislike'])(
    '%s needs a tracking_token: 400 without one, nothing stored; 202 with one',
    async (type) => {
      const user = `needs-token-${type}`;
      await t.api(key, 'PUT', `/v1/users/${user}`, { properties: {} });
      const missing = await postEvents(t, key, [event(t, { type: 'session_start', user_id: user }), event(t, { type, user_id: user })]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ location: 'body', name: 'events[1].tracking_token', message: `is required for ${type}` }]);
      await t.processEvents();
      const events = async () =>
        (await t.admin('GET', `/admin/v1/tenants/${tenantId}/users/${user}/events`)).json().events as { type: string }[];
      expect(await events()).toEqual([]);

      const ok = await postEvents(t, key, [
        event(t, { type, user_id: user, tracking_token: token(t, tenantId, contentId, { userId: user }) }),
      ]);
      expect(ok.statusCode).toBe(202);
      expect((await events()).map((e) => e.type)).toEqual([type]);
    },
  );

  it('refuses a forged token, one altered by one character, and another tenant’s', async () => {
    const other = await t.createTenant();
    const good = token(t, tenantId, contentId);
    const altered = good.slice(0, 10) + (good[10] === 'a' ? 'b' : 'a') + good.slice(11);
    const forged = Buffer.from(JSON.stringify({ t: tenantId, c: contentId })).toString('base64url') + '.AAAAAAAAAAAAAAAAAAAAAA';
    // The MAC's last base64url character has unused low bits: a variant that decodes
    // to the same bytes must still be refused (one token, one text, one dedupe key).
    const last = good.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = [...alphabet].find(
      (c) =>
        c !== last &&
        Buffer.from(good.slice(good.indexOf('.') + 1, -1) + c, 'base64url').equals(
          Buffer.from(good.slice(good.indexOf('.') + 1), 'base64url'),
        ),
    )!;
    expect(twin).toBeDefined();
    for (const bad of [altered, forged, token(t, other.tenantId, contentId), 'not-a-token', good.slice(0, -1) + twin]) {
      const res = await postEvents(t, key, [event(t, { type: 'click', tracking_token: bad })]);
      expect(res.statusCode).toBe(400);
      expect(names(res)).toEqual(['events[0].tracking_token']);
    }
    expect((await postEvents(t, key, [event(t, { type: 'click', tracking_token: good })])).statusCode).toBe(202);
    // A token repeated in a batch (its signature is checked once) is refused at each of its events.
    for (const bad of [altered, token(t, other.tenantId, contentId)]) {
      const res = await postEvents(t, key, [
        event(t, { type: 'impression', tracking_token: bad }),
        event(t, { type: 'click', tracking_token: good }),
        event(t, { type: 'click', tracking_token: bad }),
      ]);
      expect(names(res)).toEqual(['events[0].tracking_token', 'events[2].tracking_token']);
    }
  });

  it('takes a duplicate event (same session, type, token, user, time) into account once', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const click = event(t, { type: 'click', user_id: 'dup', session_id: 'dup-s', tracking_token: token(t, tid, contentId) });
    expect((await postEvents(t, apiKey, [click, click])).statusCode).toBe(202);
    expect((await postEvents(t, apiKey, [click])).statusCode).toBe(202);
    await t.processEvents();
    expect((await metrics(tid)).clicks).toBe(1);
  });

  it('marks a clicked item read for that user (feed and push tokens alike) and counts push engagement', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    await postEvents(t, apiKey, [
      event(t, { type: 'click', user_id: 'reader', tracking_token: token(t, tid, contentId) }),
      // No user_id on the event: the token's user is the reader.
      event(t, { type: 'click', session_id: 's2', tracking_token: token(t, tid, otherContent, { userId: 'reader', channel: 'push' }) }),
    ]);
    await t.processEvents();
    const read = await t.deps.db
      .selectFrom('read_marks')
      .select('content_id')
      .where('tenant_id', '=', tid)
      .where('user_id', '=', 'reader')
      .execute();
    expect(read.map((r) => r.content_id).sort()).toEqual([contentId, otherContent].sort());
    const m = await metrics(tid);
    expect(m).toMatchObject({ clicks: 2, push_clicks: 1 });
  });

  it('keeps signals: impressions, clicks, likes, dislikes, shares and dwell time from metadata or click→return', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const tok = token(t, tid, contentId, { userId: 'sig' });
    await postEvents(t, apiKey, [
      event(t, { type: 'impression', user_id: 'sig', tracking_token: tok }),
      event(t, { type: 'click', user_id: 'sig', tracking_token: tok }),
    ]);
    await t.processEvents();
    t.clock.advance(42_000);
    await postEvents(t, apiKey, [
      event(t, { type: 'return', user_id: 'sig', tracking_token: tok }),
      event(t, { type: 'return', user_id: 'sig', session_id: 's9', tracking_token: tok, metadata: { dwell_ms: 8000 } }),
      event(t, { type: 'like', user_id: 'sig', tracking_token: tok }),
      event(t, { type: 'share', user_id: 'sig', tracking_token: tok }),
      event(t, { type: 'dislike', user_id: 'sig', session_id: 's3', tracking_token: tok }),
    ]);
    await t.processEvents();
    const signals = await t.deps.db
      .selectFrom('user_content_signals')
      .selectAll()
      .where('tenant_id', '=', tid)
      .where('user_id', '=', 'sig')
      .executeTakeFirstOrThrow();
    expect(signals).toMatchObject({ impressions: 1, clicks: 1, likes: 1, dislikes: 1, shares: 1, dwell_ms: 50_000 });
    const stats = await t.deps.db
      .selectFrom('content_stats')
      .selectAll()
      .where('tenant_id', '=', tid)
      .where('content_id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(stats).toMatchObject({ impressions: 1, clicks: 1, likes: 1, dwell_ms: 50_000 });
    expect(await metrics(tid)).toMatchObject({ impressions: 1, clicks: 1, ctr: 1, likes: 1, shares: 1, dislikes: 1 });
  });

  it('counts a dwell_ms with a fraction in whole milliseconds', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const tok = token(t, tid, contentId, { userId: 'frac' });
    const res = await postEvents(t, apiKey, [
      event(t, { type: 'return', user_id: 'frac', tracking_token: tok, metadata: { dwell_ms: 1234.6 } }),
    ]);
    expect(res.statusCode).toBe(202);
    await t.processEvents();
    const stats = await t.deps.db
      .selectFrom('content_stats')
      .select('dwell_ms')
      .where('tenant_id', '=', tid)
      .where('content_id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(stats.dwell_ms).toBe(1235);
  });

  it('refuses an occurred_at more than 30 days back (year 0001 included), naming the event; 29 days back is taken', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const daysAgo = (days: number) => new Date(t.clock.now() - days * 86_400_000).toISOString();
    const res = await postEvents(t, apiKey, [
      event(t, { type: 'session_start', user_id: 'ancient', session_id: 'old' }),
      event(t, { type: 'login', user_id: 'ancient', session_id: 'old', occurred_at: '0001-01-01T00:00:00Z' }),
      event(t, { type: 'logout', session_id: 'old', occurred_at: daysAgo(31) }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { location: 'body', name: 'events[1].occurred_at', message: 'is more than 30 days in the past' },
      { location: 'body', name: 'events[2].occurred_at', message: 'is more than 30 days in the past' },
    ]);
    await t.processEvents();
    expect((await t.api(apiKey, 'GET', '/v1/users/ancient')).statusCode).toBe(404);

    expect((await postEvents(t, apiKey, [event(t, { type: 'login', user_id: 'recent', occurred_at: daysAgo(29) })])).statusCode).toBe(202);
    await t.processEvents();
    const user = await t.deps.db
      .selectFrom('users')
      .select('created_at')
      .where('tenant_id', '=', tid)
      .where('user_id', '=', 'recent')
      .executeTakeFirstOrThrow();
    expect(Number(user.created_at)).toBeGreaterThan(t.clock.now() - 30 * 86_400_000);
  });

  it('bounds metadata: 32 levels and 32 KiB are stored; deeper or larger is a 400 naming events[i].metadata', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const nested = (levels: number) => {
      let value: Record<string, unknown> = { leaf: true };
      for (let i = 1; i < levels; i++) value = { a: value };
      return value;
    };
    const res = await postEvents(t, apiKey, [
      event(t, { type: 'logout', session_id: 'deep', metadata: nested(33) }),
      event(t, { type: 'logout', session_id: 'deep', metadata: { list: [nested(32)] } }),
      event(t, { type: 'logout', session_id: 'big', metadata: { note: 'x'.repeat(33 * 1024) } }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { location: 'body', name: 'events[0].metadata', message: 'nests deeper than 32 levels' },
      { location: 'body', name: 'events[1].metadata', message: 'nests deeper than 32 levels' },
      { location: 'body', name: 'events[2].metadata', message: expect.stringMatching(/^is \d+ bytes as JSON; at most 32768 are taken$/) },
    ]);

    const atTheBounds = [
      event(t, { type: 'logout', session_id: 'deep-ok', metadata: nested(32) }),
      event(t, { type: 'logout', session_id: 'big-ok', metadata: { note: 'x'.repeat(32 * 1024 - 20) } }),
    ];
    expect((await postEvents(t, apiKey, atTheBounds)).statusCode).toBe(202);
    await t.processEvents();
    const stored = await t.deps.db
      .selectFrom('events')
      .select(['session_id', 'metadata'])
      .where('tenant_id', '=', tid)
      .orderBy('session_id')
      .execute();
    expect(stored.map((e) => e.session_id)).toEqual(['big-ok', 'deep-ok']);
    const deep = stored[1]!.metadata;
    expect(typeof deep === 'string' ? JSON.parse(deep) : deep).toEqual(nested(32));
  });

  it('reports DAU, MAU, sessions and their average duration for a date range', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const day1 = Date.UTC(2026, 5, 1, 9);
    t.clock.set(day1);
    await postEvents(t, apiKey, [
      event(t, { type: 'session_start', user_id: 'm1', session_id: 'a' }),
      event(t, { type: 'logout', user_id: 'm1', session_id: 'a', occurred_at: new Date(day1 + 120_000).toISOString() }),
      event(t, { type: 'session_start', session_id: 'anon' }),
      event(t, {
        type: 'impression',
        session_id: 'anon',
        occurred_at: new Date(day1 + 60_000).toISOString(),
        tracking_token: token(t, tid, contentId),
      }),
    ]);
    t.clock.set(day1 + 86_400_000);
    await postEvents(t, apiKey, [event(t, { type: 'session_start', user_id: 'm1', session_id: 'b' })]);
    await t.processEvents();
    const m = (await t.admin('GET', `/admin/v1/tenants/${tid}/metrics?from=2026-06-01&to=2026-06-03`)).json();
    expect(m.days).toEqual([
      { day: '2026-06-01', active_users: 2, sessions: 2, impressions: 1, clicks: 0, push_clicks: 0 },
      { day: '2026-06-02', active_users: 1, sessions: 1, impressions: 0, clicks: 0, push_clicks: 0 },
    ]);
    expect(m).toMatchObject({ active_users: 2, mau: 2, sessions: 3, avg_session_duration_seconds: 60 });
    expect((await t.admin('GET', `/admin/v1/tenants/${tid}/metrics?from=2026-06-03&to=2026-06-01`)).statusCode).toBe(400);
  });

  it('works at the usage cap (events are free)', async () => {
    const { apiKey } = await t.createTenant({ usage_cap_credits: 0 });
    expect((await postEvents(t, apiKey, [event(t, { type: 'session_start' })])).statusCode).toBe(202);
  });

  it('DELETE /v1/users/{id} leaves no row anywhere holding that user id', async () => {
    const { apiKey, tenantId: tid } = await t.createTenant();
    const userId = 'erase-me-7f3a';
    const source = await t.createSource();
    await postEvents(t, apiKey, [
      event(t, { type: 'login', user_id: userId, session_id: 'erase-s', metadata: { user_attributes: { gender: 'f' } } }),
      event(t, { type: 'click', user_id: userId, session_id: 'erase-s', tracking_token: token(t, tid, contentId, { userId }) }),
      event(t, { type: 'impression', user_id: userId, session_id: 'erase-s', tracking_token: token(t, tid, otherContent, { userId }) }),
    ]);
    await t.processEvents();
    await t.api(apiKey, 'PUT', `/v1/users/${userId}/sources/${source}/follow`);
    expect((await tablesContaining(t, userId)).sort()).toEqual(
      [
        'daily_actives',
        'daily_channel_actives',
        'events',
        'read_marks',
        'sessions',
        'user_content_signals',
        'user_sources',
        'users',
      ].sort(),
    );
    expect((await t.api(apiKey, 'DELETE', `/v1/users/${userId}`)).statusCode).toBe(204);
    expect((await t.api(apiKey, 'GET', `/v1/users/${userId}`)).statusCode).toBe(404);
    expect((await t.api(apiKey, 'GET', '/v1/users')).json().users).toEqual([]);
    expect(await tablesContaining(t, userId)).toEqual([]);
  });
});

describeTenantRouteSecurity('POST /v1/events', {
  method: 'POST',
  metered: false,
  request: (t) => ({
    url: '/v1/events',
    body: { events: [{ type: 'session_start', session_id: 'x', occurred_at: new Date(t.clock.now()).toISOString() }] },
  }),
});
