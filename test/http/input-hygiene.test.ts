import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event } from '../helpers/events.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 17, defects 1, 6, 10 and 11: text no backend stores alike (NUL, lone
 * surrogates, control characters), bad percent-encoding in the query, numbers
 * beyond a double and bytes that are not UTF-8 are refused at the edge, with
 * the same 400 naming the field on SQLite and PostgreSQL; nothing is stored.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('input hygiene on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' }));
  });
  afterAll(() => t.close());

  const raw = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: string | Buffer, admin = false) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${admin ? ADMIN_TOKEN : apiKey}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  const expect400 = (
    res: { statusCode: number; headers: Record<string, unknown>; json(): any },
    location: string,
    name: string,
    message: RegExp,
  ) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: 'about:blank', status: 400, title: 'Bad Request' });
    expect(res.json().errors).toContainEqual({ location, name, message: expect.stringMatching(message) });
  };

  it('NUL in a path parameter, query value or body string → the same 400 (defect 1)', async () => {
    expect400(await raw('GET', '/v1/contents/a%00b'), 'path', 'content_id', /NUL/);
    expect400(await raw('GET', '/v1/feed?scenario=a%00b'), 'query', 'scenario', /NUL/);
    expect400(await raw('GET', '/v1/push-candidates/job_%00'), 'path', 'job_id', /NUL/);
    expect400(await raw('PUT', '/v1/users/u1/sources/src%00x/follow'), 'path', 'source_id', /NUL/);
    expect400(await raw('POST', '/v1/push-candidates', '{"scenario":"a\\u0000b"}'), 'body', 'scenario', /NUL/);
    expect400(await raw('GET', `/admin/v1/tenants/${tenantId}%00`, undefined, true), 'path', 'tenant_id', /NUL/);
    expect400(await raw('POST', '/admin/v1/sources', '{"name":"x\\u0000"}', true), 'body', 'name', /NUL/);
    expect400(
      await raw('PUT', '/v1/users/u1', '{"properties":{"k\\u0000":"v"}}'),
      'body',
      'properties.k\u0000',
      /name that must not contain NUL/,
    );
  });

  it('a lone surrogate in a body string or path → 400, nothing stored (defect 6)', async () => {
    const lone = JSON.stringify({ events: [event(t, { type: 'session_start', user_id: '\udc00x' })] });
    expect(lone).toContain('\\udc00');
    expect400(await raw('POST', '/v1/events', lone), 'body', 'events[0].user_id', /lone UTF-16 surrogate/);
    expect400(await raw('PUT', '/v1/users/u2', '{"properties":{"nick":"\\ud800"}}'), 'body', 'properties.nick', /surrogate/);
    expect((await raw('GET', '/v1/users/u2')).statusCode).toBe(404);
    expect(await t.processEvents()).toBe(0);
  });

  it('bad percent-encoding and control characters in the query → 400 like the path (defect 10)', async () => {
    expect400(await raw('GET', '/v1/feed?scenario=home&user_id=%c0%af'), 'query', 'user_id', /percent-encoding/);
    expect400(await raw('GET', '/v1/feed?scenario=home&user_id=%zz'), 'query', 'user_id', /percent-encoding/);
    expect400(await raw('GET', '/v1/users?cursor=%'), 'query', 'cursor', /percent-encoding/);
    expect400(await raw('GET', '/v1/feed?scenario=home&user_id=%ed%a0%80'), 'query', 'user_id', /percent-encoding/);
    expect400(await raw('GET', '/v1/feed?scenario=home&user_id=a%c2%85'), 'query', 'user_id', /control characters/);
  });

  it('1e400, invalid UTF-8 and a C1 control in user_id → 400 naming the field (defect 11)', async () => {
    expect400(await raw('PUT', '/v1/users/u3', '{"properties":{"score":1e400}}'), 'body', 'properties.score', /range of a double/);
    const notUtf8 = Buffer.concat([Buffer.from('{"properties":{"nick":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')]);
    expect400(await raw('PUT', '/v1/users/u3', notUtf8), 'body', 'properties.nick', /not valid UTF-8/);
    expect((await raw('GET', '/v1/users/u3')).statusCode).toBe(404);
    const c1 = JSON.stringify({ events: [event(t, { type: 'session_start', user_id: 'a\u0085b' })] });
    expect400(await raw('POST', '/v1/events', c1), 'body', 'events[0].user_id', /pattern/);
    expect400(await raw('PUT', '/v1/users/a%C2%85b', '{"properties":{}}'), 'path', 'user_id', /control characters/);
    expect(await t.processEvents()).toBe(0);
  });

  it("the attack run's 5,000-level metadata → 400 naming the event's metadata, not a 500; nothing stored (defect 5)", async () => {
    // Spelled out: JSON.stringify itself overflows a test worker's stack at this depth.
    const metadata = `${'{"a":'.repeat(4_999)}{"leaf":true}${'}'.repeat(4_999)}`;
    const body = JSON.stringify({ events: [event(t, { type: 'session_start', user_id: 'deep', metadata: {} })] }).replace(
      '"metadata":{}',
      `"metadata":${metadata}`,
    );
    expect(body.length).toBeGreaterThan(5 * 4_999);
    const res = await raw('POST', '/v1/events', body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const [error, ...more] = res.json().errors as Array<{ location: string; name: string; message: string }>;
    expect(more).toEqual([]);
    expect(error).toMatchObject({ location: 'body', message: expect.stringMatching(/^nests deeper than \d+ levels$/) });
    expect(error!.name).toMatch(/^events\[0\]\.metadata(\.a)*$/);
    expect(await t.processEvents()).toBe(0);
    expect((await raw('GET', '/v1/users/deep')).statusCode).toBe(404);
  });

  it('still accepts well-formed text: emoji (surrogate pairs), newlines in bodies, encoded Japanese', async () => {
    expect((await raw('PUT', '/v1/users/%F0%9F%98%80', '{"properties":{"bio":"line 1\\nline 2 😀"}}')).statusCode).toBe(201);
    expect((await raw('GET', `/v1/users/${encodeURIComponent('😀')}`)).json().properties).toEqual({ bio: 'line 1\nline 2 😀' });
    const feed = await raw(
      'GET',
      `/v1/feed?scenario=nope&area_names=${encodeURIComponent('渋谷,新宿')}&user_id=${encodeURIComponent('ユーザー 1')}`,
    );
    expect(feed.json().errors).toEqual([{ location: 'query', name: 'scenario', message: expect.stringMatching(/no scenario nope/) }]);
  });
});
