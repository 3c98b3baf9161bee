import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Fixture {
  apiKey: string;
  contentId: string;
  sourceId: string;
  jobId: string;
}

interface Call {
  method: InjectOptions['method'];
  /** The operation's path as the OpenAPI document names it. */
  operation: string;
  request(f: Fixture): { url: string; body?: unknown };
  status: number;
}

const at = (t: TestApp) => new Date(t.clock.now()).toISOString();

/** One answered request per /v1 operation of the OpenAPI document. */
const answered = (t: TestApp): Call[] => [
  { method: 'GET', operation: '/v1/contents/{content_id}', request: (f) => ({ url: `/v1/contents/${f.contentId}` }), status: 200 },
  { method: 'GET', operation: '/v1/feed', request: () => ({ url: '/v1/feed?scenario=home&limit=5' }), status: 200 },
  { method: 'GET', operation: '/v1/usage', request: () => ({ url: '/v1/usage' }), status: 200 },
  { method: 'PUT', operation: '/v1/users/{user_id}', request: () => ({ url: '/v1/users/u1', body: { properties: {} } }), status: 200 },
  {
    method: 'PATCH',
    operation: '/v1/users/{user_id}',
    request: () => ({ url: '/v1/users/u1', body: { properties: { language: 'ja' } } }),
    status: 200,
  },
  { method: 'GET', operation: '/v1/users/{user_id}', request: () => ({ url: '/v1/users/u1' }), status: 200 },
  { method: 'GET', operation: '/v1/users', request: () => ({ url: '/v1/users' }), status: 200 },
  {
    method: 'PUT',
    operation: '/v1/users/{user_id}/sources/{source_id}/follow',
    request: (f) => ({ url: `/v1/users/u1/sources/${f.sourceId}/follow` }),
    status: 204,
  },
  {
    method: 'DELETE',
    operation: '/v1/users/{user_id}/sources/{source_id}/follow',
    request: (f) => ({ url: `/v1/users/u1/sources/${f.sourceId}/follow` }),
    status: 204,
  },
  {
    method: 'PUT',
    operation: '/v1/users/{user_id}/sources/{source_id}/block',
    request: (f) => ({ url: `/v1/users/u1/sources/${f.sourceId}/block` }),
    status: 204,
  },
  {
    method: 'DELETE',
    operation: '/v1/users/{user_id}/sources/{source_id}/block',
    request: (f) => ({ url: `/v1/users/u1/sources/${f.sourceId}/block` }),
    status: 204,
  },
  {
    method: 'POST',
    operation: '/v1/events',
    request: () => ({ url: '/v1/events', body: { events: [{ type: 'session_start', session_id: 's1', occurred_at: at(t) }] } }),
    status: 202,
  },
  {
    method: 'POST',
    operation: '/v1/push-candidates',
    request: () => ({ url: '/v1/push-candidates', body: { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] } }),
    status: 202,
  },
  { method: 'GET', operation: '/v1/push-candidates/{job_id}', request: (f) => ({ url: `/v1/push-candidates/${f.jobId}` }), status: 200 },
  { method: 'DELETE', operation: '/v1/users/{user_id}', request: () => ({ url: '/v1/users/leaving' }), status: 204 },
];

/** A refused request per operation that can be refused after the key is admitted. */
const refused = (): Call[] => [
  { method: 'GET', operation: '/v1/contents/{content_id}', request: () => ({ url: '/v1/contents/cnt_missing' }), status: 404 },
  { method: 'GET', operation: '/v1/feed', request: () => ({ url: '/v1/feed?scenario=home&limit=0' }), status: 400 },
  {
    method: 'PUT',
    operation: '/v1/users/{user_id}',
    request: () => ({ url: '/v1/users/u1', body: { properties: { area_level: 'town' } } }),
    status: 400,
  },
  {
    method: 'PATCH',
    operation: '/v1/users/{user_id}',
    request: () => ({ url: '/v1/users/nobody', body: { properties: {} } }),
    status: 404,
  },
  { method: 'GET', operation: '/v1/users/{user_id}', request: () => ({ url: '/v1/users/nobody' }), status: 404 },
  { method: 'GET', operation: '/v1/users', request: () => ({ url: '/v1/users?cursor=forged' }), status: 400 },
  {
    method: 'PUT',
    operation: '/v1/users/{user_id}/sources/{source_id}/follow',
    request: () => ({ url: '/v1/users/u1/sources/src_nope/follow' }),
    status: 404,
  },
  {
    method: 'DELETE',
    operation: '/v1/users/{user_id}/sources/{source_id}/follow',
    request: (f) => ({ url: `/v1/users/nobody/sources/${f.sourceId}/follow` }),
    status: 404,
  },
  {
    method: 'PUT',
    operation: '/v1/users/{user_id}/sources/{source_id}/block',
    request: (f) => ({ url: `/v1/users/nobody/sources/${f.sourceId}/block` }),
    status: 404,
  },
  {
    method: 'DELETE',
    operation: '/v1/users/{user_id}/sources/{source_id}/block',
    request: () => ({ url: '/v1/users/u1/sources/src_nope/block' }),
    status: 404,
  },
  { method: 'POST', operation: '/v1/events', request: () => ({ url: '/v1/events', body: { events: [] } }), status: 400 },
  {
    method: 'POST',
    operation: '/v1/push-candidates',
    request: () => ({ url: '/v1/push-candidates', body: { scenario: 'home', target_mode: 'manual', user_ids: ['u1'] } }),
    status: 400,
  },
  { method: 'GET', operation: '/v1/push-candidates/{job_id}', request: () => ({ url: '/v1/push-candidates/job_missing' }), status: 404 },
  { method: 'DELETE', operation: '/v1/users/{user_id}', request: () => ({ url: '/v1/users/nobody' }), status: 404 },
];

/**
 * SPEC: X-RateLimit-Limit, -Remaining and -Reset on every response of an admitted
 * key, answered or refused; Retry-After only on 429. Checked on every /v1
 * operation the OpenAPI document lists, so a new route without them fails here.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'X-RateLimit-* and Retry-After on every /v1 route on %s',
  (_name, backend) => {
    let t: TestApp;
    let sourceId: string;
    let contentId: string;

    /** A tenant with a feed and a push scenario, its users and a push job: what every call above needs. */
    const tenantFixture = async (plan: Record<string, unknown>): Promise<Fixture & { tenantId: string }> => {
      const { apiKey, tenantId } = await t.createTenant(plan);
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1 });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
      for (const user of ['u1', 'leaving'])
        expect((await t.api(apiKey, 'PUT', `/v1/users/${user}`, { properties: {} })).statusCode).toBe(201);
      const job = await t.api(apiKey, 'POST', '/v1/push-candidates', { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] });
      expect(job.statusCode, job.body).toBe(202);
      return { apiKey, tenantId, contentId, sourceId, jobId: job.json().job_id };
    };

    const send = (f: Fixture, call: Call) => {
      const { url, body } = call.request(f);
      return t.api(f.apiKey, call.method, url, body);
    };

    const expectRateHeaders = (res: LightMyRequestResponse, limit: number, remaining: number, label: string) => {
      expect(res.headers['x-ratelimit-limit'], label).toBe(String(limit));
      expect(res.headers['x-ratelimit-remaining'], label).toBe(String(remaining));
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(Number.isInteger(reset), label).toBe(true);
      expect(reset, label).toBeGreaterThanOrEqual(Math.floor(t.clock.now() / 1000));
      expect(reset, label).toBeLessThanOrEqual(Math.ceil(t.clock.now() / 1000) + 1);
    };

    beforeAll(async () => {
      t = await startTestApp({ backend });
      sourceId = await t.createSource({ name: 'Rated' });
      contentId = await t.ingest({ source_id: sourceId, url: 'https://news.example/rated' });
      t.clock.advance(1000);
    });
    afterAll(() => t.close());

    it('the calls cover every /v1 operation of the OpenAPI document', async () => {
      const doc = (await t.app.inject('/v1/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/v1/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
      const covered = (calls: Call[]) => [...new Set(calls.map((c) => `${c.method} ${c.operation}`))].sort();
      expect(covered(answered(t))).toEqual(documented.sort());
      // Every operation but GET /v1/usage (it takes no input to refuse) has a refused call too.
      expect(covered(refused())).toEqual(documented.filter((o) => o !== 'GET /v1/usage').sort());
    });

    it('every answer and every refusal carries the limit, what remains and the reset, and never Retry-After', async () => {
      const f = await tenantFixture({ plan: 'custom', rate_limit_rps: 1000 });
      t.clock.advance(1000); // the setup's requests leave the window
      let used = 0;
      for (const call of [...answered(t), ...refused()]) {
        const res = await send(f, call);
        const label = `${call.method} ${call.operation} → ${res.statusCode}: ${res.body}`;
        expect(res.statusCode, label).toBe(call.status);
        expectRateHeaders(res, 1000, 1000 - ++used, label);
        expect(res.headers['retry-after'], label).toBeUndefined();
      }
      // At the usage cap, a metered route's 402 says the same, and no Retry-After: waiting does not help.
      await t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { usage_cap_credits: 0 });
      for (const call of answered(t).filter((c) => c.operation === '/v1/feed' || c.operation === '/v1/contents/{content_id}')) {
        const res = await send(f, call);
        expect(res.statusCode).toBe(402);
        expectRateHeaders(res, 1000, 1000 - ++used, call.operation);
        expect(res.headers['retry-after']).toBeUndefined();
      }
    });

    it('every route answers 429 with Retry-After beyond the rate, and the admitted request before it has none', async () => {
      const f = await tenantFixture({ plan: 'custom', rate_limit_rps: 100 });
      await t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { rate_limit_rps: 1 });
      for (const call of answered(t)) {
        t.clock.advance(1000); // a new second: one request admitted
        const admitted = await send(f, call);
        const label = `${call.method} ${call.operation}`;
        expect(admitted.statusCode, `${label}: ${admitted.body}`).toBe(call.status);
        expect(admitted.headers['retry-after'], label).toBeUndefined();
        expectRateHeaders(admitted, 1, 0, label);

        const limited = await send(f, call);
        expect(limited.statusCode, label).toBe(429);
        expect(limited.headers['content-type'], label).toMatch(/^application\/problem\+json/);
        expect(Number(limited.headers['retry-after']), label).toBeGreaterThanOrEqual(1);
        expectRateHeaders(limited, 1, 0, label);
      }
    });

    it('refusals before a key is admitted (401, a browser 403) carry neither', async () => {
      const f = await tenantFixture({ plan: 'enterprise' });
      for (const headers of [
        { authorization: 'Bearer cf_live_nope' },
        { authorization: `Bearer ${f.apiKey}`, origin: 'https://app.example' },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers });
        expect([401, 403]).toContain(res.statusCode);
        expect(res.headers['retry-after']).toBeUndefined();
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });
  },
);
