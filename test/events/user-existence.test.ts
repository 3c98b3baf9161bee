import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event, postEvents, startEventFixture, token } from '../helpers/events.js';
import type { TestApp } from '../helpers/test-app.js';

/** SPEC.md "User existence", one test per row, observed through the API after processing. */
describe.each(testBackends().map((b) => [b.name, b] as const))('user existence table on %s', (_name, backend) => {
  let t: TestApp;
  let key: string;
  let tenantId: string;
  let contentId: string;
  beforeAll(async () => {
    const f = await startEventFixture(backend, ['https://news.example/existence']);
    ({ t, key, tenantId } = f);
    contentId = f.contentIds[0]!;
  });
  afterAll(() => t.close());

  const status = async (userId: string) => (await t.api(key, 'GET', `/v1/users/${userId}`)).statusCode;
  const send = async (events: Record<string, unknown>[]) => {
    const res = await postEvents(t, key, events);
    expect(res.statusCode, res.body).toBe(202);
    await t.processEvents();
  };

  it('absent → PUT → exists (upsert)', async () => {
    expect(await status('r1')).toBe(404);
    await t.api(key, 'PUT', '/v1/users/r1', { properties: {} });
    expect(await status('r1')).toBe(200);
  });

  it('absent → login → exists, with metadata.user_attributes as properties', async () => {
    await send([
      event(t, {
        type: 'login',
        user_id: 'r2',
        metadata: { user_attributes: { gender: 'f', birth_year: 1991, area_names: ['新宿'], area_level: 'station' } },
      }),
    ]);
    const user = (await t.api(key, 'GET', '/v1/users/r2')).json();
    expect(user.properties).toEqual({ gender: 'f', birth_year: 1991, area_names: ['新宿'], area_level: 'station' });
  });

  const sessionsOf = (sessionId: string) =>
    t.deps.db.selectFrom('sessions').selectAll().where('tenant_id', '=', tenantId).where('session_id', '=', sessionId).execute();

  it('absent → session_start with user_id → exists, and a session is recorded', async () => {
    await send([event(t, { type: 'session_start', user_id: 'r3', session_id: 'sess-r3' })]);
    expect(await status('r3')).toBe(200);
    expect(await sessionsOf('sess-r3')).toEqual([expect.objectContaining({ user_id: 'r3', events: 1 })]);
  });

  it('exists → login → properties merged', async () => {
    await t.api(key, 'PUT', '/v1/users/r4', { properties: { language: 'ja', gender: 'm' } });
    await send([event(t, { type: 'login', user_id: 'r4', metadata: { user_attributes: { gender: 'x', birth_year: 1980 } } })]);
    expect((await t.api(key, 'GET', '/v1/users/r4')).json().properties).toEqual({ language: 'ja', gender: 'x', birth_year: 1980 });
  });

  it('exists → session_start → session recorded, profile unchanged', async () => {
    await t.api(key, 'PUT', '/v1/users/r4b', { properties: { language: 'en' } });
    const before = (await t.api(key, 'GET', '/v1/users/r4b')).json();
    t.clock.advance(1000);
    await send([event(t, { type: 'session_start', user_id: 'r4b', session_id: 'sess-r4b' })]);
    expect((await t.api(key, 'GET', '/v1/users/r4b')).json()).toEqual(before);
    expect(await sessionsOf('sess-r4b')).toEqual([expect.objectContaining({ user_id: 'r4b', events: 1 })]);
  });

  it('exists → click or impression → only last_active_at is updated', async () => {
    await t.api(key, 'PUT', '/v1/users/r5', { properties: { language: 'ja' } });
    const before = (await t.api(key, 'GET', '/v1/users/r5')).json();
    t.clock.advance(60_000);
    await send([event(t, { type: 'impression', user_id: 'r5', tracking_token: token(t, tenantId, contentId) })]);
    const afterImpression = (await t.api(key, 'GET', '/v1/users/r5')).json();
    expect(afterImpression.last_active_at).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(60_000);
    await send([event(t, { type: 'click', user_id: 'r5', tracking_token: token(t, tenantId, contentId) })]);
    const after = (await t.api(key, 'GET', '/v1/users/r5')).json();
    expect(after.last_active_at).toBe(new Date(t.clock.now()).toISOString());
    expect(after.properties).toEqual(before.properties);
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('absent → click or impression → still absent (no user is created)', async () => {
    await send([
      event(t, { type: 'impression', user_id: 'r6', tracking_token: token(t, tenantId, contentId) }),
      event(t, { type: 'click', user_id: 'r6', tracking_token: token(t, tenantId, contentId) }),
    ]);
    expect(await status('r6')).toBe(404);
  });

  it('exists → DELETE → absent', async () => {
    await t.api(key, 'PUT', '/v1/users/r7', { properties: {} });
    expect((await t.api(key, 'DELETE', '/v1/users/r7')).statusCode).toBe(204);
    expect(await status('r7')).toBe(404);
    expect((await t.api(key, 'DELETE', '/v1/users/r7')).statusCode).toBe(404);
  });

  it('GET /v1/users never lists a user that only clicked', async () => {
    // Its own users, so it holds run alone or after any other case.
    await send([
      event(t, { type: 'impression', user_id: 'r8', tracking_token: token(t, tenantId, contentId) }),
      event(t, { type: 'click', user_id: 'r8', tracking_token: token(t, tenantId, contentId) }),
      event(t, { type: 'login', user_id: 'r9', metadata: { user_attributes: { gender: 'f' } } }),
    ]);
    const ids = (await t.api(key, 'GET', '/v1/users?limit=1000')).json().users.map((u: { user_id: string }) => u.user_id);
    expect(ids).not.toContain('r8');
    expect(ids).toContain('r9');
  });
});
