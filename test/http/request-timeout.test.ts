import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 17, defect 4: a request whose body never finishes, or whose bytes
 * trickle in, was never timed out. REQUEST_TIMEOUT_MS (300 ms here) bounds the
 * whole request; then a 408 problem is sent and the connection closed.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('request timeout on %s', (_name, backend) => {
  let t: TestApp;
  let apiKey: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ backend, env: { REQUEST_TIMEOUT_MS: '300' } });
    ({ apiKey } = await t.createTenant());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Opens a connection, lets `send` write to it, and resolves with all the server sent once it closes. */
  const exchange = (send: (socket: Socket) => void) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => send(socket));
      // Without a server-side limit the connection would stay open: end the test instead of hanging.
      socket.setTimeout(5_000, () => socket.destroy());
      let data = '';
      socket.on('data', (d) => (data += d.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
    });

  const expect408 = (res: Awaited<ReturnType<typeof exchange>>) => {
    expect(res.status, JSON.stringify(res)).toBe(408);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers.connection).toBe('close');
    const problem = JSON.parse(res.body);
    expect(problem).toMatchObject({ type: 'about:blank', status: 408, title: 'Request Timeout' });
    expect(res.headers['x-request-id']).toBe(problem.request_id);
  };

  it('a POST with a valid key that sends one byte of its body and stops → 408, connection closed', async () => {
    const res = await exchange((socket) =>
      socket.write(
        `POST /v1/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${apiKey}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      ),
    );
    expect408(res);
    expect(JSON.parse(res.body).instance).toBe('/v1/events');
    // The key was read with the headers: the tenant's rate headers, as on every answer to it.
    expect(res.headers['x-ratelimit-limit']).toBe('50');
  });

  it('headers trickled a byte at a time, without a key, do not keep the connection: 408 once the whole request is late', async () => {
    const request = 'GET /v1/usage HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(1000);
    let timer: NodeJS.Timeout | undefined;
    try {
      // The client's pace, not a wait: a byte every 20 ms, never finishing the headers within the limit.
      const res = await exchange((socket) => {
        let at = 0;
        timer = setInterval(() => {
          if (at < request.length && socket.writable) socket.write(request[at++]!);
        }, 20);
      });
      expect408(res);
    } finally {
      clearInterval(timer);
    }
  });

  it('a body trickled a byte at a time, without a key, does not keep the connection once the 401 is sent', async () => {
    const head = 'POST /v1/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    let timer: NodeJS.Timeout | undefined;
    let sent = 0;
    try {
      // The client's pace: a byte every 20 ms, 200 bytes, far longer than the limit; the server must close first.
      const res = await exchange((socket) => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent < 200 && socket.writable) {
            socket.write('x');
            sent += 1;
          }
        }, 20);
      });
      expect(res.status, JSON.stringify(res)).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(sent, 'the server closed the connection while the body was still coming').toBeLessThan(200);
    } finally {
      clearInterval(timer);
    }
  });

  it('a request sent whole is not timed while it is handled', async () => {
    const res = await exchange((socket) =>
      socket.write(`GET /v1/usage HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${apiKey}\r\nConnection: close\r\n\r\n`),
    );
    expect(res.status).toBe(200);
  });
});
