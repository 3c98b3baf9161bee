import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/fetch/fetch-error.js';
import { SafeFetcher, type SafeFetcherOptions } from '../../src/fetch/safe-fetcher.js';
import { startServer, type LoopbackServer } from './loopback-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<LoopbackServer> {
  const s = await startServer(handler);
  cleanups.push(s.close);
  return s;
}

function fetcher(o: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  // Loopback servers stand in for the internet; the policy itself is tested in safe-fetcher-ssrf.
  const f = new SafeFetcher({ allowPrivateNetwork: true, userAgent: 'content-feed-test/1.0', timeoutMs: 5_000, ...o });
  cleanups.push(() => f.close());
  return f;
}

function socketClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('SafeFetcher redirects', () => {
  // /hop/N redirects to /hop/N-1; /hop/0 answers.
  const chain = (req: { url?: string }, res: ServerResponse): void => {
    const n = Number(req.url?.split('/')[2]);
    if (n === 0) res.end('arrived');
    else res.writeHead([301, 302, 303, 307, 308][n % 5] ?? 302, { location: `/hop/${n - 1}` }).end();
  };

  it('follows every redirect status up to maxRedirects and reports the final URL', async () => {
    const s = await server(chain);
    const response = await fetcher({ maxRedirects: 5 }).fetch(`${s.origin}/hop/5`);
    expect(response).toMatchObject({ status: 200, url: `${s.origin}/hop/0`, redirects: 5 });
    expect(response.body.toString()).toBe('arrived');
  });

  it('stops past maxRedirects with too_many_redirects', async () => {
    const s = await server(chain);
    const error = await fetchError(fetcher().fetch(`${s.origin}/hop/4`, { maxRedirects: 3 }));
    expect(error.code).toBe('too_many_redirects');
    expect(s.paths).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });

  it('resolves a relative Location against the current URL', async () => {
    const s = await server((req, res) => {
      if (req.url === '/news/2024/item') res.writeHead(302, { location: '../latest?page=2' }).end();
      else res.end(req.url);
    });
    const response = await fetcher().fetch(`${s.origin}/news/2024/item`);
    expect(response.url).toBe(`${s.origin}/news/latest?page=2`);
    expect(response.body.toString()).toBe('/news/latest?page=2');
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const s = await server((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    expect((await fetchError(fetcher().fetch(`${s.origin}/`))).code).toBe('bad_url');
  });

  it('keeps conditional headers across a redirect but drops credentials on a change of origin', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const target = await server((req, res) => {
      seen.push({ etag: req.headers['if-none-match'], since: req.headers['if-modified-since'], auth: req.headers.authorization });
      res.writeHead(304).end();
    });
    const first = await server((req, res) => {
      seen.push({ etag: req.headers['if-none-match'], since: req.headers['if-modified-since'], auth: req.headers.authorization });
      res.writeHead(307, { location: `${target.origin}/feed` }).end();
    });
    const headers = { 'If-None-Match': '"v1"', 'If-Modified-Since': 'Tue, 01 Oct 2024 00:00:00 GMT', Authorization: 'Bearer x' };
    const response = await fetcher().fetch(`${first.origin}/feed`, { headers });
    expect(response.status).toBe(304);
    expect(seen).toEqual([
      { etag: '"v1"', since: 'Tue, 01 Oct 2024 00:00:00 GMT', auth: 'Bearer x' },
      { etag: '"v1"', since: 'Tue, 01 Oct 2024 00:00:00 GMT', auth: undefined },
    ]);
  });
});

describe('SafeFetcher responses', () => {
  it('returns 304, 404 and 500 as statuses, with lower-case headers', async () => {
    const s = await server((req, res) => {
      const status = Number(req.url?.slice(1));
      res.writeHead(status, { ETag: '"abc"', 'X-Thing': 'y' }).end(status === 304 ? undefined : `status ${status}`);
    });
    const f = fetcher();
    for (const status of [304, 404, 500]) {
      const response = await f.fetch(`${s.origin}/${status}`);
      expect(response.status).toBe(status);
      expect(response.headers).toMatchObject({ etag: '"abc"', 'x-thing': 'y' });
    }
    expect((await f.fetch(`${s.origin}/500`)).body.toString()).toBe('status 500');
  });

  it('sends our user agent and asks for compressed bodies', async () => {
    const s = await server((req, res) => res.end(JSON.stringify([req.headers['user-agent'], req.headers['accept-encoding']])));
    const response = await fetcher().fetch(`${s.origin}/`, { headers: { 'Accept-Encoding': 'identity', Host: 'elsewhere' } });
    expect(JSON.parse(response.body.toString())).toEqual(['content-feed-test/1.0', 'gzip, deflate, br']);
  });

  const text = '東京都新宿区の記事本文。'.repeat(200);
  it.each([
    ['gzip', gzipSync(text)],
    ['deflate', deflateSync(text)],
    ['deflate', deflateRawSync(text)], // raw deflate, as some servers send it
    ['br', brotliCompressSync(text)],
    ['gzip, br', brotliCompressSync(gzipSync(text))],
  ])('decodes a %s body', async (encoding, encoded) => {
    const s = await server((_req, res) => res.writeHead(200, { 'Content-Encoding': encoding }).end(encoded));
    const response = await fetcher().fetch(`${s.origin}/`);
    expect(response.body.toString()).toBe(text);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('reports a corrupt gzip body as a network error', async () => {
    const s = await server((_req, res) => res.writeHead(200, { 'Content-Encoding': 'gzip' }).end('not gzip at all'));
    const error = await fetchError(fetcher().fetch(`${s.origin}/`));
    expect(error.code).toBe('network');
    expect(error.message).toContain('gzip');
  });

  it('reports a refused connection as a network error', async () => {
    const s = await server((_req, res) => res.end());
    await s.close();
    const error = await fetchError(fetcher().fetch(`${s.origin}/`));
    expect(error.code).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('SafeFetcher limits', () => {
  it('refuses a body whose Content-Length is over maxBytes, dropping the connection', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    const s = await server((req, res) => {
      closed = socketClosed(req.socket);
      res.writeHead(200, { 'Content-Length': 10_000_000 });
      res.write('x'.repeat(1000)); // and never the rest
    });
    const error = await fetchError(fetcher({ maxBytes: 100_000 }).fetch(`${s.origin}/big`));
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('100000 bytes');
    await closed;
  });

  it('stops reading a chunked body once it passes maxBytes, dropping the connection', async () => {
    let written = 0;
    let closed: Promise<unknown> = Promise.resolve();
    const s = await server((req, res) => {
      closed = socketClosed(req.socket);
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = (): void => {
        // Endless, until the client hangs up.
        while (!res.destroyed && written < 50_000_000 && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const error = await fetchError(fetcher({ maxBytes: 100_000 }).fetch(`${s.origin}/stream`));
    expect(error.code).toBe('too_large');
    await closed;
    expect(written).toBeLessThan(10_000_000);
  });

  it('caps the decoded size too (a gzip bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(20_000_000)); // ~20 KB on the wire
    const s = await server((_req, res) => res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(bomb));
    const error = await fetchError(fetcher({ maxBytes: 1_000_000 }).fetch(`${s.origin}/`));
    expect(error.code).toBe('too_large');
  });

  it('times out a server that never answers', async () => {
    const s = await server(() => undefined);
    // No duration is asserted: without the timeout this would hang until the test's own timeout.
    const error = await fetchError(fetcher({ timeoutMs: 200 }).fetch(`${s.origin}/slow`));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('200 ms');
  });

  it('times out a body that never finishes', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    expect((await fetchError(fetcher().fetch(`${s.origin}/`, { timeoutMs: 200 }))).code).toBe('timeout');
  });

  it('times out a name lookup that never answers', async () => {
    const f = fetcher({ timeoutMs: 200, lookup: () => new Promise(() => undefined) });
    expect((await fetchError(f.fetch('http://hanging.example/'))).code).toBe('timeout');
  });
});
