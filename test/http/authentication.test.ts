import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/tenants/api-key-format.js';
import { testBackends } from '../helpers/backends.js';
import { databaseContains } from '../helpers/scan-database.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('API key authentication on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  let tenantId: string;
  let keyId: string;
  let contentId: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ apiKey, tenantId, keyId } = await t.createTenant());
    const sourceId = await t.createSource();
    contentId = await t.ingest({ source_id: sourceId, url: 'https://news.example/a' });
  });
  afterAll(() => t.close());

  const expect401 = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/contents/${contentId}`, headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401, instance: `/v1/contents/${contentId}` });
    expect(body.request_id).toMatch(/^req_/);
    expect(res.headers['x-credits-used']).toBe('0');
    return body;
  };

  it('accepts a valid key', async () => {
    const res = await t.api(apiKey, 'GET', `/v1/contents/${contentId}`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing Authorization header', async () => {
    expect((await expect401({})).detail).toMatch(/missing/);
  });

  it('refuses a malformed Authorization header', async () => {
    await expect401({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
    await expect401({ authorization: 'Bearer' });
  });

  const lookups = async () => Number(/api_key_lookups_total (\d+)/.exec((await t.app.inject('/metrics')).body)![1]);

  it('refuses a key with a wrong checksum, before any lookup', async () => {
    const before = await lookups();
    const last = apiKey.at(-1) === 'A' ? 'B' : 'A';
    await expect401({ authorization: `Bearer ${apiKey.slice(0, -1)}${last}` });
    await expect401({ authorization: 'Bearer cfk_short' });
    expect(await lookups()).toBe(before);
  });

  it('refuses a well-formed key nobody issued, looking it up once', async () => {
    const before = await lookups();
    const made_up = generateApiKey();
    await expect401({ authorization: `Bearer ${made_up}` });
    await expect401({ authorization: `Bearer ${made_up}` });
    expect(await lookups()).toBe(before + 1);
  });

  it('refuses the operator token on tenant routes and tenant keys on admin routes', async () => {
    await expect401({ authorization: 'Bearer test-admin-token-0123456789abcdef' });
    const res = await t.app.inject({ method: 'GET', url: '/admin/v1/tenants', headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a browser Origin with 403 so keys stay on the backend', async () => {
    const res = await t.api(apiKey, 'GET', `/v1/contents/${contentId}`, undefined, { origin: 'https://app.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/backend/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a revoked key at once on the node that revoked it', async () => {
    const { apiKey: second, keyId: secondId } = await (async () => {
      const res = await t.admin('POST', `/admin/v1/tenants/${tenantId}/api-keys`, { name: 'second' });
      return { apiKey: res.json().api_key as string, keyId: res.json().key_id as string };
    })();
    expect((await t.api(second, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${secondId}`)).statusCode).toBe(204);
    await expect401({ authorization: `Bearer ${second}` });
    expect((await t.api(apiKey, 'GET', `/v1/contents/${contentId}`)).statusCode).toBe(200);
    expect(keyId).not.toBe(secondId);
  });

  it('never stores or logs the key itself', async () => {
    await t.api(apiKey, 'GET', `/v1/contents/${contentId}`);
    await t.app.inject({ method: 'GET', url: '/v1/contents/x', headers: { authorization: `Bearer ${apiKey}x` } });
    await t.deps.meter.flush();
    await t.deps.keys.flushLastUsed();
    const secretPart = apiKey.slice(4, -6);
    expect(await databaseContains(t, secretPart)).toBe(false);
    expect(await databaseContains(t, tenantId)).toBe(true); // the scan does see stored text
    const logs = t.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.includes(secretPart)).toBe(false);
  });
});

describe('revocation across nodes', () => {
  it('reaches another node sharing the database within the key cache TTL (≤ 10 s)', async () => {
    const a = await startTestApp();
    const b = await startTestApp({ database: { url: a.databaseUrl, drop: async () => {} } });
    try {
      const { tenantId, apiKey, keyId } = await a.createTenant();
      expect((await b.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
      expect((await a.admin('DELETE', `/admin/v1/tenants/${tenantId}/api-keys/${keyId}`)).statusCode).toBe(204);
      b.clock.advance(4_000);
      // Still cached on node B: the documented propagation delay.
      expect((await b.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
      b.clock.advance(1_001);
      expect((await b.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
