import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs, PASSWORD } from '../console/console-helpers.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('audit log on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.statusCode === 204 ? null : answer.json();
  };
  const entries = async (query = '') => (await ok(t.admin('GET', `/admin/v1/audit-log${query}`))).entries;

  it('records every admin change that succeeded, with who made it, newest first; reads and refusals are not changes', async () => {
    const tenant = await ok(t.admin('POST', '/admin/v1/tenants', { name: 'Audited', plan: 'starter', default_scenarios: false }));
    const base = `/admin/v1/tenants/${tenant.id}`;
    const key = await ok(t.admin('POST', `${base}/api-keys`, { name: 'backend' }));
    await ok(t.admin('DELETE', `${base}/api-keys/${key.key_id}`));
    await ok(t.admin('PATCH', base, { plan: 'professional', usage_cap_credits: 300 }));
    await ok(t.admin('PUT', `${base}/algorithms/main`, { weights: { freshness: 2 } }));
    await ok(t.admin('PUT', `${base}/scenarios/home`, { type: 'feed', algorithm_id: 'main' }));
    const source = await t.createSource({ name: 'Audited source' });
    await t.ingest({ source_id: source, url: 'https://news.example/audited', body: '長い本文。'.repeat(100) });
    await ok(t.admin('PATCH', `/admin/v1/sources/${source}`, { trust_level: 3 }));
    const member = await createUser(t, { email: 'member@audit.test', role: 'member', tenant_id: tenant.id });
    // Not changes: a read, and a change refused.
    await ok(t.admin('GET', base));
    expect((await t.admin('PATCH', base, { plan: 'gold' })).statusCode).toBe(400);

    const list = await entries();
    expect(list.map((e: any) => `${e.method} ${e.route}`)).toEqual([
      'POST /admin/v1/console-users',
      'PATCH /admin/v1/sources/:source_id',
      'POST /admin/v1/contents',
      'POST /admin/v1/sources',
      'PUT /admin/v1/tenants/:tenant_id/scenarios/:scenario',
      'PUT /admin/v1/tenants/:tenant_id/algorithms/:algorithm_id',
      'PATCH /admin/v1/tenants/:tenant_id',
      'DELETE /admin/v1/tenants/:tenant_id/api-keys/:key_id',
      'POST /admin/v1/tenants/:tenant_id/api-keys',
      'POST /admin/v1/tenants',
    ]);
    for (const e of list)
      expect(e).toMatchObject({
        actor: 'operator token',
        actor_role: 'operator',
        at: expect.any(String),
        request_id: expect.stringMatching(/^req_/),
      });
    const byRoute = (route: string) => list.find((e: any) => e.route === route);
    expect(byRoute('POST /admin/v1/tenants'.split(' ')[1]!)).toMatchObject({
      tenant_id: tenant.id,
      target: base,
      status: 201,
      changes: { name: 'Audited', plan: 'starter' },
    });
    expect(byRoute('/admin/v1/tenants/:tenant_id')).toMatchObject({
      tenant_id: tenant.id,
      changes: { plan: 'professional', usage_cap_credits: 300 },
    });
    expect(byRoute('/admin/v1/tenants/:tenant_id/api-keys/:key_id')).toMatchObject({
      target: `${base}/api-keys/${key.key_id}`,
      status: 204,
      changes: null,
    });
    expect(byRoute('/admin/v1/sources/:source_id')).toMatchObject({ tenant_id: null, changes: { trust_level: 3 } });
    // An article's text is recorded as its beginning: what changed, not the content.
    expect(byRoute('/admin/v1/contents').changes.body).toBe(`${'長い本文。'.repeat(40)}…`);
    // A console user's creation: the member's tenant, never the password.
    const invite = byRoute('/admin/v1/console-users');
    expect(invite).toMatchObject({
      tenant_id: tenant.id,
      target: `/admin/v1/console-users/${member.id}`,
      changes: { email: 'member@audit.test', role: 'member' },
    });
    expect(JSON.stringify(list)).not.toContain(PASSWORD);
    expect(JSON.stringify(list)).not.toContain(key.api_key);

    // The same change, one log line each.
    const lines = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'admin change');
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      actor: 'operator token',
      method: 'POST',
      route: '/admin/v1/console-users',
      tenantId: tenant.id,
      reqId: invite.request_id,
    });
    expect(lines.length).toBeGreaterThanOrEqual(list.length);
  });

  it("names the console user who made a change; a member reads its own tenant's log and no other", async () => {
    const tenant = await ok(t.admin('POST', '/admin/v1/tenants', { name: 'Members', plan: 'starter' }));
    const other = await ok(t.admin('POST', '/admin/v1/tenants', { name: 'Others', plan: 'starter' }));
    await createUser(t, { email: 'cap@audit.test', role: 'member', tenant_id: tenant.id });
    const member = await loginAs(t, 'cap@audit.test');
    expect((await asBrowser(t, member, 'PATCH', `/admin/v1/tenants/${tenant.id}`, { usage_cap_credits: 50 })).statusCode).toBe(200);

    const own = await asBrowser(t, member, 'GET', `/admin/v1/tenants/${tenant.id}/audit-log`);
    expect(own.statusCode).toBe(200);
    expect(own.json().entries.map((e: any) => [e.actor, e.actor_role, e.method, e.changes])).toEqual([
      ['cap@audit.test', 'member', 'PATCH', { usage_cap_credits: 50 }],
      ['operator token', 'operator', 'POST', { email: 'cap@audit.test', role: 'member', tenant_id: tenant.id }],
      ['operator token', 'operator', 'POST', { name: 'Members', plan: 'starter' }],
    ]);
    expect((await asBrowser(t, member, 'GET', `/admin/v1/tenants/${other.id}/audit-log`)).statusCode).toBe(403);
    expect((await asBrowser(t, member, 'GET', '/admin/v1/audit-log')).statusCode).toBe(403);
  });

  it('pages with a cursor, also filtered by tenant', async () => {
    const tenant = await ok(t.admin('POST', '/admin/v1/tenants', { name: 'Paged', plan: 'starter', default_scenarios: false }));
    for (const cap of [1, 2, 3]) {
      await ok(t.admin('PATCH', `/admin/v1/tenants/${tenant.id}`, { usage_cap_credits: cap }));
      t.clock.advance(1);
    }
    const first = await ok(t.admin('GET', `/admin/v1/audit-log?tenant_id=${tenant.id}&limit=2`));
    expect(first.entries.map((e: any) => e.changes)).toEqual([{ usage_cap_credits: 3 }, { usage_cap_credits: 2 }]);
    const second = await ok(
      t.admin('GET', `/admin/v1/audit-log?tenant_id=${tenant.id}&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor)}`),
    );
    expect(second.entries.map((e: any) => e.changes)).toEqual([
      { usage_cap_credits: 1 },
      { name: 'Paged', plan: 'starter', default_scenarios: false },
    ]);
    expect(second.meta.next_cursor).toBeNull();
    // A cursor of one list is refused by another.
    const moved = await t.admin('GET', `/admin/v1/audit-log?limit=2&cursor=${encodeURIComponent(first.meta.next_cursor)}`);
    expect(moved.statusCode).toBe(400);
  });
});
