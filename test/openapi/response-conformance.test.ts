import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { conformanceTo } from '../helpers/openapi-conformance.js';

type Caller = 'main' | 'capped' | 'limited' | null;
interface Exchange {
  url: string;
  body?: unknown;
  caller?: Caller;
  headers?: Record<string, string>;
  /** A raw payload sent as is (the body-size and media-type cases). */
  payload?: string;
}

/** A valid request for every /v1 operation of the document, by "METHOD path". */
type Requests = Record<string, Exchange>;

for (const backend of testBackends()) {
  describe(`every /v1 response conforms to /v1/openapi.json (${backend.name})`, () => {
    let f: FeedFixture;
    let document: Record<string, any>;
    const keys: Record<Exclude<Caller, null>, string> = { main: '', capped: '', limited: '' };

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 2 });
      document = (await f.t.app.inject('/v1/openapi.json')).json();
      keys.main = f.key;
      // At its usage cap, with a push scenario and a user: metered requests answer 402.
      const capped = await f.t.createTenant({ plan: 'enterprise' });
      await f.t.admin('PUT', `/admin/v1/tenants/${capped.tenantId}/algorithms/main`, { min_trust_level: 1 });
      await f.t.admin('PUT', `/admin/v1/tenants/${capped.tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
      await f.t.api(capped.apiKey, 'PUT', '/v1/users/u1', { properties: {} });
      await f.t.admin('PATCH', `/admin/v1/tenants/${capped.tenantId}`, { usage_cap_credits: 0 });
      keys.capped = capped.apiKey;
      // One request per second, spent at once (the test clock never moves): everything after is a 429.
      const limited = await f.t.createTenant({ plan: 'custom', rate_limit_rps: 1 });
      await f.t.api(limited.apiKey, 'GET', '/v1/usage');
      keys.limited = limited.apiKey;
    });
    afterAll(() => f.t.close());

    const send = (method: string, exchange: Exchange): Promise<LightMyRequestResponse> => {
      const caller = exchange.caller === undefined ? 'main' : exchange.caller;
      const headers: Record<string, string> = { ...(caller ? { authorization: `Bearer ${keys[caller]}` } : {}), ...exchange.headers };
      const payload = exchange.payload ?? (exchange.body === undefined ? undefined : JSON.stringify(exchange.body));
      if (payload !== undefined) headers['content-type'] ??= 'application/json';
      return f.t.app.inject({ method: method as 'GET', url: exchange.url, headers, ...(payload === undefined ? {} : { payload }) });
    };

    it('on every operation and every documented status: status, media type, body and headers', async () => {
      const t = f.t;
      const sourceId = f.sources.sports!;
      const contentId = f.items.sports![0]!;
      const now = new Date(t.clock.now()).toISOString();
      await t.api(f.key, 'PUT', '/v1/users/u1', { properties: { language: 'ja' } });
      await t.api(f.key, 'PUT', '/v1/users/u2', { properties: {} });
      for (const id of ['doomed', 'doomed-later']) await t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} });
      const feed = (await t.api(f.key, 'GET', '/v1/feed?scenario=home&user_id=u1&limit=2')).json();
      if (!feed.items?.[0]) throw new Error(`the fixture's feed is empty: ${JSON.stringify(feed)}`);
      const token = feed.items[0].tracking_token as string;
      const pushBody = { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2'] };
      const created = await t.api(f.key, 'POST', '/v1/push-candidates', pushBody, { 'idempotency-key': 'conformance-1' });
      await t.deps.pushWorker.runPending();
      const jobId = created.json().job_id as string;
      const long = (n: number) => 'x'.repeat(n);

      const valid: Requests = {
        'GET /v1/feed': { url: '/v1/feed?scenario=home&user_id=u1' },
        'GET /v1/contents/{content_id}': { url: `/v1/contents/${contentId}` },
        'GET /v1/usage': { url: '/v1/usage' },
        'PUT /v1/users/{user_id}': { url: '/v1/users/u1', body: { properties: { language: 'ja', interests: ['baseball'] } } },
        'PATCH /v1/users/{user_id}': { url: '/v1/users/u1', body: { properties: { interests: null } } },
        'GET /v1/users/{user_id}': { url: '/v1/users/u1' },
        'GET /v1/users': { url: '/v1/users?limit=2' },
        'DELETE /v1/users/{user_id}': { url: '/v1/users/doomed-later' },
        'PUT /v1/users/{user_id}/sources/{source_id}/follow': { url: `/v1/users/u1/sources/${sourceId}/follow` },
        'DELETE /v1/users/{user_id}/sources/{source_id}/follow': { url: `/v1/users/u1/sources/${sourceId}/follow` },
        'PUT /v1/users/{user_id}/sources/{source_id}/block': { url: `/v1/users/u2/sources/${sourceId}/block` },
        'DELETE /v1/users/{user_id}/sources/{source_id}/block': { url: `/v1/users/u2/sources/${sourceId}/block` },
        'POST /v1/events': {
          url: '/v1/events',
          body: {
            events: [
              { type: 'session_start', session_id: 's1', user_id: 'u1', occurred_at: now },
              { type: 'login', session_id: 's1', user_id: 'u1', occurred_at: now, metadata: { user_attributes: { birth_year: 1990 } } },
              { type: 'click', session_id: 's1', user_id: 'u1', tracking_token: token, occurred_at: now },
            ],
          },
        },
        'POST /v1/push-candidates': { url: '/v1/push-candidates', body: pushBody, headers: { 'idempotency-key': 'conformance-2' } },
        'GET /v1/push-candidates/{job_id}': { url: `/v1/push-candidates/${jobId}` },
      };

      // The cases that are not the same for every route: [operation, expected status, request].
      const specific: Array<[string, number, Exchange]> = [
        ['PUT /v1/users/{user_id}', 201, { url: '/v1/users/brand-new', body: { properties: { area_level: 'city' } } }],
        ['GET /v1/feed', 400, { url: '/v1/feed?scenario=home&limit=0' }],
        ['GET /v1/feed', 402, { url: '/v1/feed?scenario=home', caller: 'capped' }],
        ['GET /v1/contents/{content_id}', 400, { url: `/v1/contents/${long(129)}` }],
        ['GET /v1/contents/{content_id}', 402, { url: `/v1/contents/${contentId}`, caller: 'capped' }],
        ['GET /v1/contents/{content_id}', 404, { url: '/v1/contents/no-such-item' }],
        ['PUT /v1/users/{user_id}', 400, { url: '/v1/users/u1', body: { properties: 5 } }],
        ['PATCH /v1/users/{user_id}', 400, { url: '/v1/users/u1', body: { properties: { birth_year: 'old' } } }],
        ['PATCH /v1/users/{user_id}', 404, { url: '/v1/users/nobody', body: { properties: {} } }],
        ['GET /v1/users/{user_id}', 400, { url: `/v1/users/${long(129)}` }],
        ['GET /v1/users/{user_id}', 404, { url: '/v1/users/nobody' }],
        ['GET /v1/users', 400, { url: '/v1/users?cursor=forged' }],
        ['DELETE /v1/users/{user_id}', 204, { url: '/v1/users/doomed' }],
        ['DELETE /v1/users/{user_id}', 400, { url: `/v1/users/${long(129)}` }],
        ['DELETE /v1/users/{user_id}', 404, { url: '/v1/users/nobody' }],
        ['POST /v1/events', 400, { url: '/v1/events', body: { events: [{ type: 'click', session_id: 's1', occurred_at: now }] } }],
        ['POST /v1/events', 413, { url: '/v1/events', payload: JSON.stringify({ events: [{ pad: long(1_100_000) }] }) }],
        ['POST /v1/events', 415, { url: '/v1/events', payload: 'events', headers: { 'content-type': 'text/plain' } }],
        ['POST /v1/push-candidates', 400, { url: '/v1/push-candidates', body: { scenario: 'daily', candidates_per_user: 9 } }],
        ['POST /v1/push-candidates', 402, { url: '/v1/push-candidates', body: { scenario: 'daily' }, caller: 'capped' }],
        [
          'POST /v1/push-candidates',
          422,
          { url: '/v1/push-candidates', body: { ...pushBody, candidates_per_user: 2 }, headers: { 'idempotency-key': 'conformance-1' } },
        ],
        ['GET /v1/push-candidates/{job_id}', 400, { url: `/v1/push-candidates/${long(65)}` }],
        ['GET /v1/push-candidates/{job_id}', 404, { url: '/v1/push-candidates/job_missing' }],
      ];
      for (const relation of ['follow', 'block']) {
        for (const method of ['PUT', 'DELETE']) {
          const op = `${method} /v1/users/{user_id}/sources/{source_id}/${relation}`;
          specific.push([op, 400, { url: `/v1/users/u1/sources/${long(65)}/${relation}` }]);
          specific.push([op, 404, { url: `/v1/users/u1/sources/src_missing/${relation}` }]);
        }
      }

      const operations = Object.entries<Record<string, any>>(document.paths)
        .filter(([path]) => path.startsWith('/v1/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
      expect(new Set(operations)).toEqual(new Set(Object.keys(valid)));

      const conformance = conformanceTo(document);
      const problems: string[] = [];
      const seen = new Map<string, Set<string>>(operations.map((op) => [op, new Set()]));
      const exchange = async (op: string, expected: number | 'success', request: Exchange) => {
        const [method, path] = op.split(' ') as [string, string];
        const response = await send(method, request);
        const status = response.statusCode;
        if (expected === 'success' ? status >= 300 : status !== expected) {
          problems.push(`${op}: expected ${expected}, got ${status}: ${response.body.slice(0, 300)}`);
          return;
        }
        seen.get(op)!.add(String(status));
        for (const problem of conformance.check(method, path, response)) problems.push(`${op}: ${problem}`);
      };

      for (const [op, request] of Object.entries(valid)) await exchange(op, 'success', request);
      for (const [op, status, request] of specific) await exchange(op, status, request);
      for (const [op, request] of Object.entries(valid)) {
        await exchange(op, 401, { ...request, caller: null });
        await exchange(op, 403, { ...request, headers: { ...request.headers, origin: 'https://app.example' } });
        await exchange(op, 429, { ...request, caller: 'limited' });
      }
      expect(problems).toEqual([]);

      // Every status the document promises was seen, on every operation.
      const unseen = operations.flatMap((op) => {
        const [method, path] = op.split(' ') as [string, string];
        const documented = Object.keys(document.paths[path][method.toLowerCase()].responses);
        return documented.filter((status) => !seen.get(op)!.has(status)).map((status) => `${op} ${status}`);
      });
      expect(unseen).toEqual([]);
    });
  });
}
