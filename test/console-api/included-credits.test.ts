import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('included credits per plan in the tenant view on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it("shows each plan's included credits in the current cycle, beside used credits and the cap, and follows a plan change", async () => {
    const expected = { starter: 10_000, professional: 100_000, enterprise: 1_000_000, custom: 0 };
    for (const [plan, included] of Object.entries(expected)) {
      const { tenantId } = await t.createTenant({ plan, usage_cap_credits: 500, ...(plan === 'custom' ? { rate_limit_rps: 20 } : {}) });
      const tenant = (await t.admin('GET', `/admin/v1/tenants/${tenantId}`)).json();
      expect(tenant.current_cycle).toEqual({
        starts_at: expect.any(String),
        ends_at: expect.any(String),
        used_credits: 0,
        included_credits: included,
      });
      expect(tenant.usage_cap_credits).toBe(500);
    }
    const { tenantId } = await t.createTenant({ plan: 'starter' });
    const changed = await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { plan: 'enterprise' });
    expect(changed.json().current_cycle.included_credits).toBe(1_000_000);
    const listed = (await t.admin('GET', '/admin/v1/tenants')).json().tenants as {
      id: string;
      current_cycle: { included_credits: number };
    }[];
    expect(listed.find((x) => x.id === tenantId)!.current_cycle.included_credits).toBe(1_000_000);
  });
});
