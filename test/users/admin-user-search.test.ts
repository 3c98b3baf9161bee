import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))("searching a tenant's users on %s", (_name, backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    const { tenantId, apiKey } = await t.createTenant();
    base = `/admin/v1/tenants/${tenantId}/users`;
    const users: Record<string, Record<string, unknown>> = {
      'user-1': { area_names: ['渋谷', '新宿'], plan: 'gold', age: 30 },
      'user-10': { area_names: ['新宿'], plan: 'free' },
      'user-2': { plan: 'gold', age: '30' },
      'user_%': {},
      'guest-1': { area_names: ['渋谷'] },
    };
    for (const [id, properties] of Object.entries(users)) {
      expect((await t.api(apiKey, 'PUT', `/v1/users/${encodeURIComponent(id)}`, { properties })).statusCode).toBeLessThan(300);
    }
    // Another tenant's user of the same id is not this tenant's.
    const other = await t.createTenant();
    await t.api(other.apiKey, 'PUT', '/v1/users/user-3', { properties: { plan: 'gold' } });
  });
  afterAll(() => t.close());

  const found = async (query: string) => {
    const res = await t.admin('GET', `${base}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().users.map((u: { user_id: string }) => u.user_id);
  };

  it('finds users by the start of their id, in id order; % and _ match themselves', async () => {
    expect(await found('')).toEqual(['guest-1', 'user-1', 'user-10', 'user-2', 'user_%']);
    expect(await found('?prefix=user-1')).toEqual(['user-1', 'user-10']);
    expect(await found(`?prefix=${encodeURIComponent('user_')}`)).toEqual(['user_%']);
    const [first] = (await t.admin('GET', `${base}?prefix=user-1`)).json().users;
    expect(first).toMatchObject({
      user_id: 'user-1',
      properties: { plan: 'gold', age: 30 },
      created_at: expect.any(String),
      last_active_at: null,
    });
  });

  it('finds users by a property, or by its value: equal, or held by a list, compared as text', async () => {
    expect(await found('?property=age')).toEqual(['user-1', 'user-2']);
    expect(await found('?property=plan&value=gold')).toEqual(['user-1', 'user-2']);
    expect(await found(`?property=area_names&value=${encodeURIComponent('渋谷')}`)).toEqual(['guest-1', 'user-1']);
    expect(await found('?property=age&value=30')).toEqual(['user-1', 'user-2']);
    expect(await found(`?prefix=user&property=area_names&value=${encodeURIComponent('新宿')}`)).toEqual(['user-1', 'user-10']);
    expect(await found('?property=nothing')).toEqual([]);
    expect((await t.admin('GET', `${base}?value=gold`)).statusCode).toBe(400);
    expect((await t.admin('GET', `${base}?property=${encodeURIComponent("a'b")}`)).statusCode).toBe(400);
  });

  it('pages with a cursor that holds to its search', async () => {
    const first = (await t.admin('GET', `${base}?prefix=user&limit=2`)).json();
    expect(first.users.map((u: { user_id: string }) => u.user_id)).toEqual(['user-1', 'user-10']);
    const next = (await t.admin('GET', `${base}?prefix=user&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor)}`)).json();
    expect(next.users.map((u: { user_id: string }) => u.user_id)).toEqual(['user-2', 'user_%']);
    expect(next.meta.next_cursor).toBeNull();
    expect((await t.admin('GET', `${base}?prefix=guest&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor)}`)).statusCode).toBe(
      400,
    );
  });
});
