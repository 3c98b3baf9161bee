import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

describe.each(testBackends().map((b) => [b.name, b] as const))('request log on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestApp({
      backend,
      extend: (app) => {
        app.get('/v1/test-boom', { config: { auth: 'tenant' } }, async () => {
          throw new Error('internal detail of the failure');
        });
      },
    });
    ({ apiKey } = await t.createTenant());
  });
  afterAll(() => t.close());

  const linesOf = (requestId: unknown): LogLine[] => t.logs.map((l) => JSON.parse(l) as LogLine).filter((l) => l.reqId === requestId);

  it('writes one line per request: method, route pattern, status, response time and request id, at info', async () => {
    const res = await t.api(apiKey, 'GET', '/v1/contents/cnt_missing?lang=ja');
    expect(res.statusCode).toBe(404);
    const lines = linesOf(res.headers['x-request-id']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      route: '/v1/contents/:content_id',
      statusCode: 404,
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    // The pattern, not the URL: no ids, no query strings (which can be credentials).
    expect(JSON.stringify(lines[0])).not.toMatch(/cnt_missing|lang=ja/);
  });

  it('logs requests no route matched under `unmatched`', async () => {
    const res = await t.api(apiKey, 'GET', '/v1/nothing-here');
    expect(linesOf(res.headers['x-request-id'])).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', route: 'unmatched', statusCode: 404 }),
    ]);
  });

  it('no longer writes Fastify’s `incoming request` lines', async () => {
    await t.api(apiKey, 'GET', '/v1/usage');
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('')).not.toContain('incoming request');
  });

  it('does not log the health probes', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(linesOf(res.headers['x-request-id'])).toEqual([]);
    }
  });

  it('still logs an error with its cause and request id, beside the request line', async () => {
    const res = await t.api(apiKey, 'GET', '/v1/test-boom');
    expect(res.statusCode).toBe(500);
    const lines = linesOf(res.headers['x-request-id']);
    expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({
      level: 50,
      err: expect.objectContaining({ message: 'internal detail of the failure' }),
    });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({ route: '/v1/test-boom', statusCode: 500 });
  });

  it('never logs the API key', async () => {
    await t.api(apiKey, 'GET', '/v1/usage');
    await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${apiKey}x` } });
    expect(t.logs.join('')).not.toContain(apiKey.slice(4, -6));
  });
});
