import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('user endpoints on %s', (_name, backend) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ apiKey: key } = await t.createTenant({ plan: 'enterprise' }));
  });
  afterAll(() => t.close());

  const names = (res: { json(): any }) => (res.json().errors ?? []).map((e: { name: string }) => e.name);

  it('PUT creates (201) then replaces (200); GET shows properties and timestamps; all free', async () => {
    const created = await t.api(key, 'PUT', '/v1/users/alice', {
      properties: { area_names: ['渋谷'], area_level: 'station', interests: ['tech'], plan: 'gold' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-credits-used']).toBe('0');
    expect(created.json()).toMatchObject({
      user_id: 'alice',
      properties: { area_names: ['渋谷'], plan: 'gold' },
      last_active_at: null,
      followed_sources: [],
      blocked_sources: [],
    });
    t.clock.advance(1000);
    const replaced = await t.api(key, 'PUT', '/v1/users/alice', { properties: { language: 'ja' } });
    expect(replaced.statusCode).toBe(200);
    const user = (await t.api(key, 'GET', '/v1/users/alice')).json();
    expect(user.properties).toEqual({ language: 'ja' });
    expect(Date.parse(user.updated_at) - Date.parse(user.created_at)).toBe(1000);
  });

  it('PATCH merges only the given properties, null removes one, 404 when absent', async () => {
    await t.api(key, 'PUT', '/v1/users/bob', { properties: { language: 'ja', interests: ['sports'], gender: 'm' } });
    const patched = await t.api(key, 'PATCH', '/v1/users/bob', { properties: { interests: ['music'], gender: null, birth_year: 1990 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().properties).toEqual({ language: 'ja', interests: ['music'], birth_year: 1990 });
    expect((await t.api(key, 'PATCH', '/v1/users/nobody', { properties: { language: 'en' } })).statusCode).toBe(404);
    expect((await t.api(key, 'GET', '/v1/users/nobody')).statusCode).toBe(404);
  });

  it('validates known properties by type and names the field', async () => {
    const bad = await t.api(key, 'PUT', '/v1/users/carol', {
      properties: { area_level: 'street', birth_year: '1990', registered_at: 'last year', interests: 'tech', nested: { a: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(names(bad)).toEqual(
      expect.arrayContaining([
        'properties.area_level',
        'properties.birth_year',
        'properties.registered_at',
        'properties.interests',
        'properties.nested',
      ]),
    );
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]));
    expect((await t.api(key, 'PUT', '/v1/users/carol', { properties: many })).statusCode).toBe(400);
    const big = { note: 'x'.repeat(2000), ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`n${i}`, 'y'.repeat(2000)])) };
    expect(names(await t.api(key, 'PUT', '/v1/users/carol', { properties: big }))).toEqual(['properties']);
    expect((await t.api(key, 'PUT', '/v1/users/carol', { properties: {}, extra: 1 })).statusCode).toBe(400);
    expect((await t.api(key, 'GET', '/v1/users/carol')).statusCode).toBe(404);
  });

  it('refuses user ids with control characters or over 128 characters', async () => {
    expect((await t.api(key, 'PUT', `/v1/users/${encodeURIComponent('a\nb')}`, { properties: {} })).statusCode).toBe(400);
    expect((await t.api(key, 'PUT', `/v1/users/${'x'.repeat(129)}`, { properties: {} })).statusCode).toBe(400);
    expect((await t.api(key, 'PUT', `/v1/users/${encodeURIComponent('ユーザー/1')}`, { properties: {} })).statusCode).toBe(201);
    expect((await t.api(key, 'GET', `/v1/users/${encodeURIComponent('ユーザー/1')}`)).json().user_id).toBe('ユーザー/1');
  });

  it('lists all users in pages that stay stable while users come and go', async () => {
    const { apiKey } = await t.createTenant();
    for (const id of ['u01', 'u02', 'u03', 'u04', 'u05']) await t.api(apiKey, 'PUT', `/v1/users/${id}`, { properties: {} });
    const first = (await t.api(apiKey, 'GET', '/v1/users?limit=2')).json();
    expect(first.users.map((u: any) => u.user_id)).toEqual(['u01', 'u02']);
    await t.api(apiKey, 'PUT', '/v1/users/u00', { properties: {} }); // before the cursor: not seen again
    await t.api(apiKey, 'DELETE', '/v1/users/u03');
    const second = (await t.api(apiKey, 'GET', `/v1/users?limit=2&cursor=${first.meta.next_cursor}`)).json();
    expect(second.users.map((u: any) => u.user_id)).toEqual(['u04', 'u05']);
    expect(second.meta.next_cursor).toBeNull();
    expect((await t.api(apiKey, 'GET', '/v1/users?limit=1001')).statusCode).toBe(400);
    expect((await t.api(apiKey, 'GET', '/v1/users?limit=0')).statusCode).toBe(400);
    expect((await t.api(apiKey, 'GET', '/v1/users')).json().users).toHaveLength(5);
  });

  it('refuses a tampered cursor and another tenant’s cursor', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    for (const id of ['x1', 'x2']) await t.api(a.apiKey, 'PUT', `/v1/users/${id}`, { properties: {} });
    const cursor = (await t.api(a.apiKey, 'GET', '/v1/users?limit=1')).json().meta.next_cursor as string;
    const tampered = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6);
    expect((await t.api(a.apiKey, 'GET', `/v1/users?cursor=${tampered}`)).statusCode).toBe(400);
    const foreign = await t.api(b.apiKey, 'GET', `/v1/users?cursor=${cursor}`);
    expect(foreign.statusCode).toBe(400);
    expect(names(foreign)).toEqual(['cursor']);
  });

  it('follows and blocks round-trip through GET; following a blocked source unblocks it', async () => {
    const news = await t.createSource({ name: 'News' });
    const sport = await t.createSource({ name: 'Sport' });
    await t.api(key, 'PUT', '/v1/users/dave', { properties: {} });
    expect((await t.api(key, 'PUT', `/v1/users/dave/sources/${news}/follow`)).statusCode).toBe(204);
    expect((await t.api(key, 'PUT', `/v1/users/dave/sources/${news}/follow`)).statusCode).toBe(204);
    expect((await t.api(key, 'PUT', `/v1/users/dave/sources/${sport}/block`)).statusCode).toBe(204);
    let dave = (await t.api(key, 'GET', '/v1/users/dave')).json();
    expect(dave.followed_sources).toEqual([{ id: news, name: 'News', since: expect.any(String) }]);
    expect(dave.blocked_sources.map((s: any) => s.id)).toEqual([sport]);

    await t.api(key, 'PUT', `/v1/users/dave/sources/${sport}/follow`);
    dave = (await t.api(key, 'GET', '/v1/users/dave')).json();
    expect(dave.followed_sources.map((s: any) => s.id).sort()).toEqual([news, sport].sort());
    expect(dave.blocked_sources).toEqual([]);

    await t.api(key, 'PUT', `/v1/users/dave/sources/${news}/block`);
    await t.api(key, 'DELETE', `/v1/users/dave/sources/${sport}/follow`);
    expect((await t.api(key, 'DELETE', `/v1/users/dave/sources/${sport}/follow`)).statusCode).toBe(204);
    dave = (await t.api(key, 'GET', '/v1/users/dave')).json();
    expect(dave.followed_sources).toEqual([]);
    expect(dave.blocked_sources.map((s: any) => s.id)).toEqual([news]);
    await t.api(key, 'DELETE', `/v1/users/dave/sources/${news}/block`);
    expect((await t.api(key, 'GET', '/v1/users/dave')).json().blocked_sources).toEqual([]);

    expect((await t.api(key, 'PUT', '/v1/users/dave/sources/src_nope/follow')).statusCode).toBe(404);
    expect((await t.api(key, 'PUT', `/v1/users/nobody/sources/${news}/block`)).statusCode).toBe(404);
  });

  it('PATCH, DELETE, follow and block work at the usage cap, free of charge, while a metered read is refused', async () => {
    const capped = await t.createTenant({ plan: 'starter' });
    const source = await t.createSource({ name: 'Capped' });
    const contentId = await t.ingest({ source_id: source, url: 'https://news.example/capped' });
    for (const id of ['kept', 'gone'])
      expect((await t.api(capped.apiKey, 'PUT', `/v1/users/${id}`, { properties: {} })).statusCode).toBe(201);
    expect((await t.admin('PATCH', `/admin/v1/tenants/${capped.tenantId}`, { usage_cap_credits: 0 })).statusCode).toBe(200);
    expect((await t.api(capped.apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(402);

    const free = async (method: 'PATCH' | 'PUT' | 'DELETE', url: string, status: number, body?: unknown) => {
      const res = await t.api(capped.apiKey, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      expect(res.headers['x-credits-used']).toBe('0');
    };
    await free('PATCH', '/v1/users/kept', 200, { properties: { language: 'ja' } });
    await free('PUT', `/v1/users/kept/sources/${source}/follow`, 204);
    expect((await t.api(capped.apiKey, 'GET', '/v1/users/kept')).json()).toMatchObject({
      properties: { language: 'ja' },
      followed_sources: [{ id: source }],
    });
    await free('DELETE', `/v1/users/kept/sources/${source}/follow`, 204);
    await free('PUT', `/v1/users/kept/sources/${source}/block`, 204);
    expect((await t.api(capped.apiKey, 'GET', '/v1/users/kept')).json()).toMatchObject({
      followed_sources: [],
      blocked_sources: [{ id: source }],
    });
    await free('DELETE', `/v1/users/kept/sources/${source}/block`, 204);
    expect((await t.api(capped.apiKey, 'GET', '/v1/users/kept')).json().blocked_sources).toEqual([]);
    await free('DELETE', '/v1/users/gone', 204);
    expect((await t.api(capped.apiKey, 'GET', '/v1/users/gone')).statusCode).toBe(404);
  });

  it("never shows or changes another tenant's user", async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const source = await t.createSource();
    await t.api(a.apiKey, 'PUT', '/v1/users/shared-id', { properties: { language: 'ja' } });
    expect((await t.api(b.apiKey, 'GET', '/v1/users/shared-id')).statusCode).toBe(404);
    expect((await t.api(b.apiKey, 'PATCH', '/v1/users/shared-id', { properties: { language: 'en' } })).statusCode).toBe(404);
    expect((await t.api(b.apiKey, 'DELETE', '/v1/users/shared-id')).statusCode).toBe(404);
    expect((await t.api(b.apiKey, 'PUT', `/v1/users/shared-id/sources/${source}/follow`)).statusCode).toBe(404);
    expect((await t.api(b.apiKey, 'GET', '/v1/users')).json().users).toEqual([]);
    expect((await t.api(a.apiKey, 'GET', '/v1/users/shared-id')).json().properties).toEqual({ language: 'ja' });
  });
});

describeTenantRouteSecurity('PUT /v1/users/{user_id}', {
  method: 'PUT',
  metered: false,
  request: () => ({ url: '/v1/users/sec-user', body: { properties: {} } }),
});

describeTenantRouteSecurity('GET /v1/users/{user_id}', {
  method: 'GET',
  metered: false,
  async setup(t, owner) {
    await t.api(owner.apiKey, 'PUT', '/v1/users/private', { properties: { secret: 'a' } });
    return {};
  },
  request: () => ({ url: '/v1/users/private' }),
  crossTenant: (res) => expect(res.statusCode).toBe(404),
});

describeTenantRouteSecurity('GET /v1/users', {
  method: 'GET',
  metered: false,
  async setup(t, owner) {
    await t.api(owner.apiKey, 'PUT', '/v1/users/listed', { properties: {} });
    return {};
  },
  request: () => ({ url: '/v1/users' }),
  crossTenant: (res) => expect(res.json().users).toEqual([]),
});
