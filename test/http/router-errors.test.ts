import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 17, defect 7: the router's own refusals — a path that is not valid
 * percent-encoding, a path parameter over 2,048 characters — were Fastify's
 * plain JSON without X-Request-Id. They are problem details like every error.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('router errors as problem details on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ apiKey } = await t.createTenant({ plan: 'custom', rate_limit_rps: 100 }));
  });
  afterAll(() => t.close());

  const get = (url: string, authorization = `Bearer ${apiKey}`) => t.app.inject({ method: 'GET', url, headers: { authorization } });

  const expectProblem = (res: Awaited<ReturnType<typeof get>>, status: number, title: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ type: 'about:blank', status, title });
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(body.request_id).toBe(res.headers['x-request-id']);
    return body;
  };

  it.each(['%ed%a0%80', '%c0%af', '%', '%zz', 'a%e3%81'])(
    'bad percent-encoding in a path (%s) → 400 problem naming the path, with X-Request-Id and X-RateLimit-*',
    async (segment) => {
      const body = expectProblem(await get(`/v1/contents/${segment}`), 400, 'Bad Request');
      expect(body.instance).toBe(`/v1/contents/${segment}`);
      expect(body.errors).toEqual([{ location: 'path', name: 'path', message: expect.stringMatching(/percent-encoding/) }]);
      expect((await get(`/v1/contents/${segment}`)).headers['x-ratelimit-limit']).toBe('100');
    },
  );

  it('the same on an admin path, without rate-limit headers (operators are not limited)', async () => {
    const res = await get('/admin/v1/tenants/%c0%af', `Bearer ${ADMIN_TOKEN}`);
    expectProblem(res, 400, 'Bad Request');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('a path parameter over 2,048 characters → 414 problem titled URI Too Long', async () => {
    const res = await get(`/v1/users/${'u'.repeat(2049)}`);
    const body = expectProblem(res, 414, 'URI Too Long');
    expect(body.detail).toMatch(/longer than 2048 characters/);
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    // At the limit the schema decides: a user_id is at most 128 characters.
    expectProblem(await get(`/v1/users/${'u'.repeat(2048)}`), 400, 'Bad Request');
  });
});
