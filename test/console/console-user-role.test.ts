import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminCli } from '../../src/cli/admin.js';
import type { Config } from '../../src/config.js';
import { testBackends } from '../helpers/backends.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs } from './console-helpers.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  "changing a console user's role (PATCH /admin/v1/console-users/{id}) on %s",
  (_name, backend) => {
    let t: TestApp;
    let acme: string;
    let beta: string;
    beforeAll(async () => {
      t = await startTestApp({ backend });
      acme = (await t.createTenant({ name: 'Acme' })).tenantId;
      beta = (await t.createTenant({ name: 'Beta' })).tenantId;
    });
    afterAll(() => t.close());

    it('keeps at least one operator', async () => {
      const only = await createUser(t, { email: 'olga@example.com', role: 'operator' });
      const res = await t.admin('PATCH', `/admin/v1/console-users/${only.id}`, { role: 'member', tenant_id: acme });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe('olga@example.com is the only operator: make someone else an operator first.');
      const other = await createUser(t, { email: 'otto@example.com', role: 'operator' });
      expect((await t.admin('PATCH', `/admin/v1/console-users/${only.id}`, { role: 'member', tenant_id: acme })).statusCode).toBe(200);
      expect((await t.admin('PATCH', `/admin/v1/console-users/${other.id}`, { role: 'member', tenant_id: acme })).statusCode).toBe(409);
    });

    it('takes effect on open sessions at their next request: member → operator → member of another tenant', async () => {
      const ann = await createUser(t, { email: 'ann@example.com', role: 'member', tenant_id: acme });
      const browser = await loginAs(t, 'ann@example.com');
      expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(403);

      const promoted = await t.admin('PATCH', `/admin/v1/console-users/${ann.id}`, { role: 'operator', tenant_id: null });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json()).toMatchObject({ id: ann.id, email: 'ann@example.com', role: 'operator', tenant_id: null });
      expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(200);

      const moved = await asBrowser(t, browser, 'PATCH', `/admin/v1/console-users/${ann.id}`, { role: 'member', tenant_id: beta });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await asBrowser(t, browser, 'GET', '/admin/v1/tenants')).statusCode).toBe(403);
      expect((await asBrowser(t, browser, 'GET', `/admin/v1/tenants/${acme}`)).statusCode).toBe(403);
      expect((await asBrowser(t, browser, 'GET', `/admin/v1/tenants/${beta}`)).statusCode).toBe(200);
      expect((await asBrowser(t, browser, 'GET', '/console/api/session')).json().user).toMatchObject({ role: 'member', tenant_id: beta });

      const audit = (await t.admin('GET', '/admin/v1/audit-log')).json().entries[0];
      expect(audit).toMatchObject({
        method: 'PATCH',
        route: '/admin/v1/console-users/:user_id',
        actor: 'ann@example.com',
        changes: { role: 'member', tenant_id: beta },
      });
    });

    it('refuses what a role cannot have, an unknown user or tenant, and a member changing roles', async () => {
      const bob = await createUser(t, { email: 'bob@example.com', role: 'member', tenant_id: acme });
      const patch = (body: unknown, id = bob.id) => t.admin('PATCH', `/admin/v1/console-users/${id}`, body);
      expect((await patch({ role: 'member' })).statusCode).toBe(400);
      expect((await patch({ role: 'operator', tenant_id: acme })).statusCode).toBe(400);
      expect((await patch({ role: 'admin' })).statusCode).toBe(400);
      expect((await patch({ role: 'member', tenant_id: 'ten_nope' })).statusCode).toBe(404);
      expect((await patch({ role: 'operator' }, 'cu_nope')).statusCode).toBe(404);
      const member = await loginAs(t, 'bob@example.com');
      expect((await asBrowser(t, member, 'PATCH', `/admin/v1/console-users/${bob.id}`, { role: 'operator' })).statusCode).toBe(403);
      expect(
        (await t.admin('GET', '/admin/v1/console-users')).json().console_users.find((u: { id: string }) => u.id === bob.id),
      ).toMatchObject({ role: 'member', tenant_id: acme });
    });

    it('is what `content-feed admin users role` does', async () => {
      const cleo = await createUser(t, { email: 'cleo@example.com', role: 'member', tenant_id: acme });
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      let out = '';
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
      try {
        expect(
          await adminCli({ adminToken: ADMIN_TOKEN, dataDir: t.dataDir } as Config, [
            'users',
            'role',
            cleo.id,
            '--role',
            'member',
            '--tenant',
            beta,
            '--url',
            url,
          ]),
        ).toBe(0);
      } finally {
        write.mockRestore();
      }
      expect(JSON.parse(out)).toMatchObject({ id: cleo.id, role: 'member', tenant_id: beta });
    });
  },
);
