import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const postgres = testBackends().filter((b) => b.name === 'postgres');

/**
 * Issue 17, defect 2: a cap, plan or key revocation made on one node reaches
 * the other's key cache through LISTEN/NOTIFY. Both nodes share a manual clock
 * that never moves, so the 5 s key cache can never expire here: only the
 * notification can make node B see the change.
 */
describe.each(postgres.map((b) => [b.name, b] as const))('account changes across two nodes on one %s database', (_name, backend) => {
  let a: TestApp;
  let b: TestApp;
  let contentId: string;
  beforeAll(async () => {
    a = await startTestApp({ backend });
    b = await startTestApp({ database: { url: a.databaseUrl, drop: async () => {} }, clock: a.clock });
    contentId = await a.ingest({ source_id: await a.createSource(), url: 'https://news.example/cap' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const usageOnB = async (key: string) => (await b.api(key, 'GET', '/v1/usage')).json();
  const readOnB = async (key: string) => (await b.api(key, 'GET', `/v1/contents/${contentId}`)).statusCode;

  it('a usage cap and plan set on node A hold on node B, which then admits exactly up to the cap', async () => {
    const { tenantId, apiKey } = await a.createTenant({ plan: 'starter' });
    for (let i = 0; i < 20; i++) expect(await readOnB(apiKey)).toBe(200); // 2 credits; B holds the key
    expect(await usageOnB(apiKey)).toMatchObject({ plan: 'starter', usage_cap_credits: null });

    const patched = await a.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { plan: 'professional', usage_cap_credits: 3 });
    expect(patched.statusCode).toBe(200);
    // A notification crosses a real PostgreSQL connection: wait for it, never for a fixed time.
    await until('node B to see the new cap', async () => ((await usageOnB(apiKey)).usage_cap_credits === 3 ? true : undefined), 5_000, 10);
    const usage = await b.api(apiKey, 'GET', '/v1/usage');
    expect(usage.headers['x-ratelimit-limit']).toBe('100');

    // No overshoot on the node that serves the traffic: 1 credit left is 10 reads of 0.1.
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push(await readOnB(apiKey));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([402, 402, 402, 402, 402]);
  });

  it('a key revoked on node A is refused by node B', async () => {
    const { tenantId, apiKey, keyId } = await a.createTenant();
    expect(await readOnB(apiKey)).toBe(200);
    expect((await a.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${keyId}`)).statusCode).toBe(204);
    await until('node B to refuse the revoked key', async () => ((await readOnB(apiKey)) === 401 ? true : undefined), 5_000, 10);
  });
});
