import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Found by the OpenAPI fuzzer (test/helpers/openapi-fuzz-suite.ts): the document
 * says every /v1 answer carries X-Credits-Used, but what the router refuses
 * before a route runs (bad percent-encoding in the path, a path parameter over
 * 2,048 characters) and what Node's parser refuses (raw non-ASCII bytes) came
 * without it. A refused request costs nothing and says so.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'X-Credits-Used: 0 on /v1 requests refused before a route on %s',
  (_name, backend) => {
    let t: TestApp;
    let apiKey: string;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp({ backend });
      ({ apiKey } = await t.createTenant({ plan: 'custom', rate_limit_rps: 100 }));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    afterAll(() => t.close());

    const get = (url: string, authorization?: string) =>
      t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

    it.each([
      ['bad percent-encoding', '/v1/contents/%c0%af', 400],
      ['a path parameter over 2,048 characters', `/v1/users/${'u'.repeat(2049)}`, 414],
    ])('%s: with a valid key, without one, and with an unknown one', async (_case, url, status) => {
      for (const authorization of [`Bearer ${apiKey}`, undefined, 'Bearer cfk_unknown']) {
        const res = await get(url, authorization);
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.headers['x-credits-used'], `${url} with ${authorization}`).toBe('0');
      }
      expect((await get(url, `Bearer ${apiKey}`)).headers['x-ratelimit-limit']).toBe('100');
    });

    it('raw non-ASCII bytes in a /v1 target, refused by the parser', async () => {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (d) => (data += d.toString('latin1')));
        socket.on('end', () => resolve(data.split('\r\n\r\n')[0]!.toLowerCase()));
        socket.on('error', reject);
        socket.write(
          Buffer.concat([
            Buffer.from('GET /v1/users/'),
            Buffer.from('é', 'utf8'),
            Buffer.from(` HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\n\r\n`),
          ]),
        );
      });
      expect(head).toMatch(/^http\/1\.1 400 /);
      expect(head).toContain('\r\nx-credits-used: 0\r\n');
    });

    it('admin paths carry no credits header (operators are not metered)', async () => {
      const res = await get('/admin/v1/tenants/%c0%af', `Bearer ${ADMIN_TOKEN}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-credits-used']).toBeUndefined();
    });
  },
);
