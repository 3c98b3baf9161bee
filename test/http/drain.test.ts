import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads one HTTP/1.1 response (Content-Length framed) from a socket, as a client on a kept-alive connection does. */
function nextResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = buffer.slice(end + 4);
      if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return;
      socket.off('data', onData);
      socket.off('error', reject);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/** Connections in the middle of a request, as Node's HTTP server counts them to close the idle ones at shutdown. */
function activeConnections(t: TestApp): number {
  const server = t.app.server as unknown as Record<symbol, { active(): unknown[] }>;
  const connections = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connections')!;
  return server[connections]!.active().length;
}

const closedByServer = (socket: Socket) => new Promise<void>((resolve) => socket.once('end', () => resolve()));

describe('draining on shutdown, over kept-alive connections', () => {
  let t: TestApp;
  let port: number;
  let closeBegan: Promise<void>;
  let held: Promise<void>;
  let release: () => void;
  beforeAll(async () => {
    let entered!: () => void;
    held = new Promise((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    closeBegan = new Promise((resolve) => (began = resolve));
    t = await startTestApp({
      extend: (app) => {
        // A request that is in flight when the shutdown begins.
        app.get('/v1/test-held', { config: { auth: 'public' } }, async () => {
          entered();
          await gate;
          return { done: true };
        });
        app.addHook('preClose', (done) => {
          began();
          done();
        });
      },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    // A failed assertion must not leave the held request, or a kept-alive connection, holding close() up.
    release();
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  const sockets: Socket[] = [];
  const open = () =>
    new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      sockets.push(socket);
    });

  it('answers a request during shutdown with a 503 problem, Retry-After, Connection: close; in-flight ones close theirs', async () => {
    const arriving = await open();
    arriving.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    const first = await nextResponse(arriving);
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');

    const inFlight = await open();
    inFlight.write('GET /v1/test-held HTTP/1.1\r\nHost: test\r\n\r\n');
    const heldResponse = nextResponse(inFlight);
    await held;

    // The next request is on its way (its first line sent) when the shutdown begins.
    arriving.write('GET /v1/contents/cnt_x HTTP/1.1\r\nHost: test\r\n');
    // Node's own count of connections with a request begun and not yet fully read: this one
    // (the in-flight request was read whole, so it is not counted). A connection counted here
    // is not idle, so close() does not end it.
    await until('the server to read the request line', async () => (activeConnections(t) === 1 ? true : undefined), 10_000, 5);
    const closing = t.app.close();
    await closeBegan;
    const refusedEnds = closedByServer(arriving);
    arriving.write('Authorization: Bearer cfk_whatever\r\n\r\n');
    const refused = await nextResponse(arriving);
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refused.body)).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail: expect.stringContaining('shutting down'),
    });
    await refusedEnds;

    const inFlightEnds = closedByServer(inFlight);
    release();
    const finished = await heldResponse;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ done: true });
    expect(finished.headers.connection).toBe('close');
    await inFlightEnds;
    await closing;
  });
});
