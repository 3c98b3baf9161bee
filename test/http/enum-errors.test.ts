import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testBackends } from '../helpers/backends.js';

/** A value outside an enum is one field error that lists what is allowed, in body, query and path alike. */
describe.each(testBackends().map((b) => [b.name, b] as const))('400 for a value outside an enum on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ tenantId, apiKey } = await t.createTenant());
  });
  afterAll(() => t.close());

  it('names the allowed plans once, instead of one "must be equal to constant" per plan', async () => {
    const res = await t.admin('POST', '/admin/v1/tenants', { name: 'Typo', plan: 'enterprize' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { location: 'body', name: 'plan', message: 'must be one of starter, professional, enterprise, custom' },
    ]);
    expect(res.body).not.toMatch(/equal to constant|schema in anyOf/);
  });

  it('says the same when the value has the wrong type, beside the other fields’ errors', async () => {
    const res = await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { plan: 3, usage_cap_credits: 'lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { location: 'body', name: 'plan', message: 'must be one of starter, professional, enterprise, custom' },
        { location: 'body', name: 'usage_cap_credits', message: 'must be number or null' },
      ]),
    );
    expect(res.json().errors).toHaveLength(2);
  });

  it('lists scenario types, console roles and area levels the same way', async () => {
    const scenario = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'email', algorithm_id: 'default' });
    expect(scenario.json().errors).toEqual([{ location: 'body', name: 'type', message: 'must be one of feed, push' }]);

    const role = await t.admin('POST', '/admin/v1/console-users', {
      email: 'x@example.com',
      role: 'admin',
      password: 'a long enough password',
    });
    expect(role.json().errors).toEqual([{ location: 'body', name: 'role', message: 'must be one of operator, member' }]);

    const feed = await t.api(apiKey, 'GET', '/v1/feed?scenario=home&user_id=u1&area_level=town');
    expect(feed.statusCode).toBe(400);
    expect(feed.json().errors).toEqual([
      { location: 'query', name: 'area_level', message: 'must be one of station, city, prefecture, country' },
    ]);
  });
});
