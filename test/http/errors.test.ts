import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testBackends } from '../helpers/backends.js';

const PROBLEM = /^application\/problem\+json/;

describe.each(testBackends().map((b) => [b.name, b] as const))('errors as problem details on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestApp({
      backend,
      extend: (app) => {
        app.get('/v1/test-boom', { config: { auth: 'tenant' } }, async () => {
          throw new Error('secret internal detail: connection string postgres://user:pw@db');
        });
      },
    });
    ({ apiKey } = await t.createTenant({ plan: 'enterprise' }));
  });
  afterAll(() => t.close());

  const expectProblem = (res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, title: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    const body = res.json();
    expect(body).toMatchObject({ type: 'about:blank', title, status });
    expect(typeof body.detail).toBe('string');
    expect(typeof body.instance).toBe('string');
    expect(body.request_id).toMatch(/^req_/);
    return body;
  };

  it('404 for an unknown route, with the path as instance', async () => {
    const body = expectProblem(await t.api(apiKey, 'GET', '/v1/nothing-here?x=1'), 404, 'Not Found');
    expect(body.instance).toBe('/v1/nothing-here');
  });

  it('404 for an unknown resource', async () => {
    expectProblem(await t.api(apiKey, 'GET', '/v1/contents/cnt_missing'), 404, 'Not Found');
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const res = await t.api(apiKey, 'DELETE', '/v1/contents/cnt_x');
    expectProblem(res, 405, 'Method Not Allowed');
    expect(res.headers.allow).toBe('GET');
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await t.admin('POST', '/admin/v1/sources', { name: 'x'.repeat(1024 * 1024 + 10), trust_level: 1 });
    expectProblem(res, 413, 'Payload Too Large');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/sources',
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef', 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expectProblem(res, 415, 'Unsupported Media Type');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/sources',
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef', 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectProblem(res, 400, 'Bad Request');
  });

  it('400 naming every invalid field, with location', async () => {
    const res = await t.admin('POST', '/admin/v1/sources', { trust_level: 7, surprise: true });
    const body = expectProblem(res, 400, 'Bad Request');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { location: 'body', name: 'name', message: 'is required' },
        { location: 'body', name: 'trust_level', message: expect.stringMatching(/3/) },
        { location: 'body', name: 'surprise', message: 'is not a known field' },
      ]),
    );
  });

  it('500 without leaking the internal message', async () => {
    const res = await t.api(apiKey, 'GET', '/v1/test-boom');
    const body = expectProblem(res, 500, 'Internal Server Error');
    expect(res.body).not.toMatch(/secret internal detail|postgres:/);
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(t.logs.join('')).toMatch(/secret internal detail/);
    expect(body.detail).toMatch(/request_id/);
  });

  it('X-Credits-Used and X-Request-Id on every /v1 response', async () => {
    for (const url of ['/v1/nothing', '/v1/usage', '/v1/contents/missing']) {
      const res = await t.api(apiKey, 'GET', url);
      expect(res.headers['x-credits-used']).toBe('0');
      expect(res.headers['x-request-id']).toMatch(/^req_/);
    }
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('non-ASCII bytes in the request target on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  let contentId: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ apiKey } = await t.createTenant());
    contentId = await t.ingest({ source_id: await t.createSource(), url: 'https://news.example/ascii' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const rawRequest = (target: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(
        Buffer.concat([
          Buffer.from('GET '),
          target,
          Buffer.from(` HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${apiKey}\r\nConnection: close\r\n\r\n`),
        ]),
      );
    });

  it('raw UTF-8 in the query → 400 problem+json', async () => {
    const response = await rawRequest(Buffer.from(`/v1/contents/${contentId}?area_names=渋谷`, 'utf8'));
    const [head, body] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/problem\+json/i);
    const problem = JSON.parse(body!);
    expect(problem).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, instance: `/v1/contents/${contentId}` });
    expect(problem.detail).toMatch(/percent-encode/);
  });

  it('the same text percent-encoded → accepted', async () => {
    const response = await rawRequest(Buffer.from(`/v1/contents/${contentId}?area_names=${encodeURIComponent('渋谷')}`));
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
  });
});
