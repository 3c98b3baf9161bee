import { expect } from 'vitest';

/**
 * The tenant the crash runs post their events for (kill-9-run.ts, nats-kill-9), created
 * through a running server's admin API: a custom plan far above the load, no scenarios.
 */
export async function createCrashTenant(baseUrl: string, adminToken: string): Promise<{ tenantId: string; apiKey: string }> {
  const admin = (url: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ id?: string; api_key?: string }>);
  const tenant = await admin('/admin/v1/tenants', { name: 'Crash', plan: 'custom', rate_limit_rps: 100_000, default_scenarios: false });
  const key = await admin(`/admin/v1/tenants/${tenant.id}/api-keys`, {});
  expect(key.api_key, JSON.stringify({ tenant, key })).toMatch(/^cfk_/);
  return { tenantId: tenant.id!, apiKey: key.api_key! };
}
