import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminCli } from '../../src/cli/admin.js';
import type { Config } from '../../src/config.js';
import { resultKey } from '../../src/push/push-job.js';
import { asBrowser, createUser, loginAs, type ConsoleBrowser } from '../console/console-helpers.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { runJob } from '../helpers/push.js';
import { tablesContaining } from '../helpers/scan-database.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'deleting a tenant (DELETE /admin/v1/tenants/{id}) on %s',
  (_name, backend) => {
    let f: FeedFixture;
    /** A second tenant with the same kinds of data: untouched by the deletion. */
    let kept: { tenantId: string; apiKey: string };
    let member: ConsoleBrowser;
    let pushFile: string;

    /** Users, events (applied), a push job and its file, usage, a console member with a session. */
    const fill = async (key: string, tenantId: string, prefix: string) => {
      const at = new Date(f.t.clock.now()).toISOString();
      expect((await f.t.api(key, 'PUT', `/v1/users/${prefix}-reader`, { properties: { plan: 'gold' } })).statusCode).toBe(201);
      const feed = (await f.t.api(key, 'GET', `/v1/feed?scenario=home&user_id=${prefix}-reader&limit=3`)).json();
      const token = feed.items[0].tracking_token;
      const events = [
        { type: 'session_start', session_id: `${prefix}-s`, user_id: `${prefix}-reader`, occurred_at: at },
        { type: 'impression', session_id: `${prefix}-s`, user_id: `${prefix}-reader`, tracking_token: token, occurred_at: at },
        { type: 'click', session_id: `${prefix}-s`, user_id: `${prefix}-reader`, tracking_token: token, occurred_at: at },
      ];
      expect((await f.t.api(key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
      await f.t.processEvents();
      const job = await runJob(f.t, key, {
        scenario: 'daily',
        candidates_per_user: 2,
        target_mode: 'manual',
        user_ids: [`${prefix}-reader`],
      });
      await f.t.deps.meter.flush();
      const user = await createUser(f.t, { email: `${prefix}@example.com`, role: 'member', tenant_id: tenantId });
      return { job, user };
    };

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 2 });
      const other = await f.t.createTenant({ name: 'Kept' });
      kept = { tenantId: other.tenantId, apiKey: other.apiKey };
      await f.t.admin('PUT', `/admin/v1/tenants/${kept.tenantId}/algorithms/main`, { min_trust_level: 1 });
      await f.t.admin('PUT', `/admin/v1/tenants/${kept.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
      await f.t.admin('PUT', `/admin/v1/tenants/${kept.tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
      const { job } = await fill(f.key, f.tenantId, 'gone');
      pushFile = resultKey(job.job_id, 1);
      await fill(kept.apiKey, kept.tenantId, 'kept');
      member = await loginAs(f.t, 'gone@example.com');
    });
    afterAll(() => f.t.close());

    it('refuses without the tenant id repeated in confirm, and changes nothing', async () => {
      for (const query of ['', '?confirm=', `?confirm=${kept.tenantId}`]) {
        const res = await f.t.admin('DELETE', `/admin/v1/tenants/${f.tenantId}${query}`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toContain(`confirm: must repeat the tenant's id (${f.tenantId})`);
      }
      expect((await f.t.api(f.key, 'GET', '/v1/feed?scenario=home')).statusCode).toBe(200);
      expect((await asBrowser(f.t, member, 'GET', `/admin/v1/tenants/${f.tenantId}`)).statusCode).toBe(200);
    });

    it('a member session may not delete its own tenant', async () => {
      expect((await asBrowser(f.t, member, 'DELETE', `/admin/v1/tenants/${f.tenantId}?confirm=${f.tenantId}`)).statusCode).toBe(403);
    });

    it('deletes every row of the tenant at once, its push files and its keys; keeps the audit log', async () => {
      expect(await f.t.deps.objects.get(pushFile)).not.toBeNull();
      // A request counted but not yet written to the usage ledger when the tenant goes.
      expect((await f.t.api(f.key, 'GET', '/v1/feed?scenario=home')).statusCode).toBe(200);

      const res = await f.t.admin('DELETE', `/admin/v1/tenants/${f.tenantId}?confirm=${f.tenantId}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: f.tenantId, name: 'Tenant', push_files: 1, kept: ['audit_log'] });
      expect(body.removed).toMatchObject({ api_keys: 1, users: 1, events: 3, scenarios: 2, algorithms: 1, push_jobs: 1, console_users: 1 });

      // The key that just worked (cached on this node) is refused at once; so is the member's session.
      expect((await f.t.api(f.key, 'GET', '/v1/feed?scenario=home')).statusCode).toBe(401);
      expect((await asBrowser(f.t, member, 'GET', `/admin/v1/tenants/${f.tenantId}`)).statusCode).toBe(401);
      expect((await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).statusCode).toBe(404);
      expect(await f.t.deps.objects.get(pushFile)).toBeNull();

      // Nothing of it is left but the audit log (whose last entry is the deletion).
      await f.t.deps.meter.flush();
      expect(await tablesContaining(f.t, f.tenantId)).toEqual(['audit_log']);
      expect(await tablesContaining(f.t, 'gone-reader')).toEqual([]);
      const audit = (await f.t.admin('GET', `/admin/v1/audit-log?tenant_id=${f.tenantId}`)).json().entries[0];
      expect(audit).toMatchObject({ method: 'DELETE', route: '/admin/v1/tenants/:tenant_id', tenant_id: f.tenantId, status: 200 });
      expect((await f.t.admin('DELETE', `/admin/v1/tenants/${f.tenantId}?confirm=${f.tenantId}`)).statusCode).toBe(404);
    });

    it('leaves the other tenant whole, and its usage still reaches the ledger', async () => {
      expect((await f.t.api(kept.apiKey, 'GET', '/v1/users/kept-reader')).statusCode).toBe(200);
      expect((await f.t.api(kept.apiKey, 'GET', '/v1/feed?scenario=home')).statusCode).toBe(200);
      const before = (await f.t.admin('GET', `/admin/v1/tenants/${kept.tenantId}`)).json().current_cycle.used_credits;
      expect((await f.t.api(kept.apiKey, 'GET', '/v1/feed?scenario=home')).statusCode).toBe(200);
      await f.t.deps.meter.flush();
      expect((await f.t.admin('GET', `/admin/v1/tenants/${kept.tenantId}`)).json().current_cycle.used_credits).toBeGreaterThan(before);
      expect(f.t.logs.join('')).not.toContain('usage flush failed');
      expect((await f.t.admin('GET', '/admin/v1/console-users')).json().console_users.map((u: { email: string }) => u.email)).toEqual([
        'kept@example.com',
      ]);
    });

    it('is what `content-feed admin tenants delete T --confirm T` does; without the id again it sends nothing', async () => {
      const doomed = await f.t.createTenant({ name: 'Doomed' });
      const url = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
      const run = async (...argv: string[]) => {
        let out = '';
        let errors = '';
        const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
        const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((errors += String(chunk)), true));
        try {
          return {
            code: await adminCli({ adminToken: ADMIN_TOKEN, dataDir: f.t.dataDir } as Config, [...argv, '--url', url]),
            out,
            errors,
          };
        } finally {
          write.mockRestore();
          err.mockRestore();
        }
      };
      const refused = await run('tenants', 'delete', doomed.tenantId);
      expect(refused.code).toBe(2);
      expect(refused.errors).toContain(`repeat the tenant's id to confirm (--confirm ${doomed.tenantId})`);
      expect((await f.t.api(doomed.apiKey, 'GET', '/v1/users/x')).statusCode).toBe(404);
      const done = await run('tenants', 'delete', doomed.tenantId, '--confirm', doomed.tenantId);
      expect(done.code).toBe(0);
      expect(JSON.parse(done.out)).toMatchObject({ id: doomed.tenantId, name: 'Doomed' });
      expect((await f.t.api(doomed.apiKey, 'GET', '/v1/users/x')).statusCode).toBe(401);
    });
  },
);
