import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/console/console-user-service.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, login, loginAs, PASSWORD } from './console-helpers.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('console users admin API on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    tenantId = (await t.createTenant()).tenantId;
  });
  afterAll(() => t.close());

  const users = async () => (await t.admin('GET', '/admin/v1/console-users')).json().console_users as Array<Record<string, unknown>>;
  const fieldNames = (res: { json(): any }) => (res.json().errors ?? []).map((e: { name: string }) => e.name);

  it('creates an operator and a member, lower-casing the email, never returning the password', async () => {
    const res = await t.admin('POST', '/admin/v1/console-users', { email: ' Lead@Example.COM ', password: PASSWORD, role: 'operator' });
    expect(res.statusCode, res.body).toBe(400); // surrounding spaces are no email address
    const op = await t.admin('POST', '/admin/v1/console-users', { email: 'Lead@Example.COM', password: PASSWORD, role: 'operator' });
    expect(op.statusCode).toBe(201);
    expect(op.json()).toEqual({
      id: expect.stringMatching(/^cu_/),
      email: 'lead@example.com',
      role: 'operator',
      tenant_id: null,
      created_at: new Date(t.clock.now()).toISOString(),
      last_login_at: null,
    });
    expect(op.headers.location).toBe(`/admin/v1/console-users/${op.json().id}`);
    const member = await t.admin('POST', '/admin/v1/console-users', {
      email: 'staff@example.com',
      password: PASSWORD,
      role: 'member',
      tenant_id: tenantId,
    });
    expect(member.statusCode).toBe(201);
    expect(member.json()).toMatchObject({ role: 'member', tenant_id: tenantId });
    // Created in the same (manual) millisecond: listed in id order, so compare as a set.
    const listed = await users();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([op.json(), member.json()]));
    expect(JSON.stringify(await users())).not.toMatch(/password|scrypt/);
  });

  it('validates: weak password, bad email, role/tenant mismatch (400), unknown tenant (404), email taken (409); none made', async () => {
    const count = (await users()).length;
    const cases: Array<[Record<string, unknown>, number, string[]]> = [
      [{ email: 'a@example.com', password: 'short9char', role: 'operator' }, 201, []],
      [{ email: 'b@example.com', password: '123456789', role: 'operator' }, 400, ['password']],
      [{ email: 'not an email', password: PASSWORD, role: 'operator' }, 400, ['email']],
      [{ email: 'c@example.com', password: PASSWORD, role: 'admin' }, 400, ['role']],
      [{ email: 'c@example.com', password: PASSWORD, role: 'member' }, 400, ['tenant_id']],
      [{ email: 'c@example.com', password: PASSWORD, role: 'member', tenant_id: null }, 400, ['tenant_id']],
      [{ email: 'c@example.com', password: PASSWORD, role: 'operator', tenant_id: tenantId }, 400, ['tenant_id']],
      [{ email: 'c@example.com', password: PASSWORD, role: 'operator', extra: 1 }, 400, []],
      [{ email: 'c@example.com', password: PASSWORD, role: 'member', tenant_id: 'ten_nope' }, 404, []],
      [{ email: 'LEAD@example.com', password: PASSWORD, role: 'operator' }, 409, []],
    ];
    for (const [body, status, fields] of cases) {
      const res = await t.admin('POST', '/admin/v1/console-users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (status >= 400) expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (fields.length > 0) expect([...new Set(fieldNames(res))]).toEqual(fields);
    }
    expect((await users()).map((u) => u.email)).toHaveLength(count + 1);
  });

  it('the service function enforces the same rules for other callers (CLI, demo seeding)', async () => {
    await expect(createConsoleUser(t.deps, { email: 'seed@example.com', password: 'weak', role: 'operator' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(createConsoleUser(t.deps, { email: 'lead@example.com', password: PASSWORD, role: 'operator' })).rejects.toMatchObject({
      status: 409,
    });
    const seeded = await createConsoleUser(t.deps, { email: 'Seed@Example.com', password: PASSWORD, role: 'member', tenantId });
    expect(seeded).toMatchObject({ email: 'seed@example.com', role: 'member', tenantId });
    expect((await login(t, 'seed@example.com')).statusCode).toBe(200);
  });

  it('deleting a user ends its sessions at once; unknown ids are 404', async () => {
    const user = await createUser(t, { email: 'leaver@example.com', role: 'member', tenant_id: tenantId });
    const browser = await loginAs(t, 'leaver@example.com');
    expect((await asBrowser(t, browser, 'GET', `/admin/v1/tenants/${tenantId}`)).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/console-users/${user.id}`)).statusCode).toBe(204);
    expect((await asBrowser(t, browser, 'GET', `/admin/v1/tenants/${tenantId}`)).statusCode).toBe(401);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
    expect((await login(t, 'leaver@example.com')).statusCode).toBe(401);
    expect((await t.admin('DELETE', `/admin/v1/console-users/${user.id}`)).statusCode).toBe(404);
    expect((await users()).map((u) => u.email)).not.toContain('leaver@example.com');
  });

  it('an operator session manages console users too (with its CSRF token); deleting itself logs it out', async () => {
    const self = await createUser(t, { email: 'self@example.com', role: 'operator' });
    const browser = await loginAs(t, 'self@example.com');
    const created = await asBrowser(t, browser, 'POST', '/admin/v1/console-users', {
      email: 'new@example.com',
      password: PASSWORD,
      role: 'member',
      tenant_id: tenantId,
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await asBrowser(t, browser, 'DELETE', `/admin/v1/console-users/${created.json().id}`, undefined, { csrf: null })).statusCode,
    ).toBe(403);
    expect((await users()).map((u) => u.email)).toContain('new@example.com');
    expect((await asBrowser(t, browser, 'DELETE', `/admin/v1/console-users/${self.id}`)).statusCode).toBe(204);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
  });

  it('a tenant’s members go with their tenant: they can no longer log in', async () => {
    const doomed = (await t.createTenant({ name: 'Doomed' })).tenantId;
    await createUser(t, { email: 'doomed@example.com', role: 'member', tenant_id: doomed });
    const browser = await loginAs(t, 'doomed@example.com');
    // No admin route deletes tenants yet; the foreign key is what is tested here.
    await t.deps.db.deleteFrom('tenants').where('id', '=', doomed).execute();
    expect((await login(t, 'doomed@example.com')).statusCode).toBe(401);
    expect((await asBrowser(t, browser, 'GET', '/console/api/session')).statusCode).toBe(401);
    expect((await users()).map((u) => u.email)).not.toContain('doomed@example.com');
  });
});
