import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 17, defect 9: X-RateLimit-* was missing on the 405 and 404 of /v1 paths
 * (no route, so no admission) and on what Node's parser refuses before a route
 * runs (431, raw non-ASCII 400). A request with a valid key counts and says so.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('X-RateLimit-* on answers without a route on %s', (_name, backend) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** One request on its own connection, as raw bytes; the answer's head (lower-cased names) and body. */
  const raw = (request: Buffer | string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString('utf8')));
      socket.on('end', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
      socket.on('error', reject);
      socket.write(request);
    });

  const expectRateHeaders = (headers: Record<string, unknown>, limit: string, remaining: string) => {
    expect(headers['x-ratelimit-limit']).toBe(limit);
    expect(headers['x-ratelimit-remaining']).toBe(remaining);
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(t.clock.now() / 1000));
  };

  it('405 and 404 under /v1 with a key carry the headers and count; the next beyond the rate is a 429', async () => {
    const { apiKey } = await t.createTenant({ plan: 'custom', rate_limit_rps: 2 });
    const wrongMethod = await t.api(apiKey, 'DELETE', '/v1/contents/cnt_x');
    expect(wrongMethod.statusCode).toBe(405);
    expectRateHeaders(wrongMethod.headers, '2', '1');
    const unknown = await t.api(apiKey, 'GET', '/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expectRateHeaders(unknown.headers, '2', '0');
    const beyond = await t.api(apiKey, 'DELETE', '/v1/contents/cnt_x');
    expect(beyond.statusCode).toBe(429);
    expect(beyond.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(beyond.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectRateHeaders(beyond.headers, '2', '0');
  });

  it('without a valid key, a 405 is answered as before: no tenant, so no headers', async () => {
    for (const authorization of [undefined, 'Bearer cf_live_nope', 'Basic abc']) {
      const res = await t.app.inject({ method: 'DELETE', url: '/v1/contents/cnt_x', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(405);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('the raw non-ASCII 400 and the 431 of an oversized header carry them too', async () => {
    const { apiKey } = await t.createTenant({ plan: 'custom', rate_limit_rps: 5 });
    const nonAscii = await raw(
      Buffer.concat([
        Buffer.from('GET /v1/contents/'),
        Buffer.from('渋谷', 'utf8'),
        Buffer.from(` HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${apiKey}\r\n\r\n`),
      ]),
    );
    expect(nonAscii.status).toBe(400);
    expect(nonAscii.headers['content-type']).toMatch(/^application\/problem\+json/);
    expectRateHeaders(nonAscii.headers, '5', '4');
    // Defect 7: X-Request-Id on what the parser refuses too, the id of the body.
    expect(nonAscii.headers['x-request-id']).toBe(JSON.parse(nonAscii.body).request_id);

    const oversized = await raw(
      `GET /v1/usage HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${apiKey}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.status).toBe(431);
    expect(JSON.parse(oversized.body)).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
    expectRateHeaders(oversized.headers, '5', '3');

    // No key, or not under /v1: nothing to report.
    const anonymous = await raw(
      Buffer.concat([Buffer.from('GET /v1/contents/'), Buffer.from('渋谷', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]),
    );
    expect(anonymous.status).toBe(400);
    expect(anonymous.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
