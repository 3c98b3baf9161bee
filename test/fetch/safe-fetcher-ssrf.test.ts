import { afterEach, describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/fetch/checked-connector.js';
import { FetchError } from '../../src/fetch/fetch-error.js';
import { SafeFetcher, type SafeFetcherOptions } from '../../src/fetch/safe-fetcher.js';
import { startServer, type LoopbackServer } from './loopback-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: Parameters<typeof startServer>[0], host?: string): Promise<LoopbackServer> {
  const s = await startServer(handler, host);
  cleanups.push(s.close);
  return s;
}

function fetcher(o: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  const f = new SafeFetcher({ allowPrivateNetwork: false, userAgent: 'content-feed-test', timeoutMs: 5_000, ...o });
  cleanups.push(() => f.close());
  return f;
}

/** Names resolve only through this table, like a DNS server the test controls. */
function lookupTable(table: Record<string, string[]>): Lookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

const onlyLoopbackOne = (ip: string): boolean => ip === '127.0.0.1';
const ok = (_req: unknown, res: { end: (body: string) => void }): void => res.end('ok');

describe('SafeFetcher address policy', () => {
  it('refuses a loopback URL, naming the address and the setting, without connecting', async () => {
    const s = await server(ok);
    const error = await fetchError(fetcher().fetch(`${s.origin}/feed.xml`));
    expect(error.code).toBe('blocked_address');
    expect(error.url).toBe(`${s.origin}/feed.xml`);
    expect(error.message).toContain('127.0.0.1');
    expect(error.message).toContain('loopback');
    expect(error.message).toContain('ALLOW_PRIVATE_NETWORK_FETCH=true');
    expect(s.connections()).toBe(0);
  });

  it('fetches a loopback URL when private networks are allowed', async () => {
    const s = await server(ok);
    const response = await fetcher({ allowPrivateNetwork: true }).fetch(`${s.origin}/`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('ok');
  });

  it.each([
    ['127.0.0.2', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['2130706433', 'loopback'], // the URL parser reads this as 127.0.0.1
    ['0x7f.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['10.0.0.1', 'private'],
    ['0.0.0.0', 'this network'],
  ])('refuses the IP literal %s', async (host, kind) => {
    const error = await fetchError(fetcher().fetch(`http://${host}:9/`));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain(kind);
  });

  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00:ec2::254'])(
    'refuses a name that resolves to %s',
    async (address) => {
      const f = fetcher({ lookup: lookupTable({ 'feed.example': [address] }) });
      const error = await fetchError(f.fetch('http://feed.example/rss'));
      expect(error.code).toBe('blocked_address');
      expect(error.message).toContain(`http://feed.example/rss resolves to ${address}`);
      expect(error.message).toContain('ALLOW_PRIVATE_NETWORK_FETCH=true');
    },
  );

  it('refuses a name when any one of its addresses is private', async () => {
    const s = await server(ok);
    const f = fetcher({
      isAllowedAddress: onlyLoopbackOne,
      lookup: lookupTable({ 'mixed.example': ['127.0.0.1', '10.0.0.1'] }),
    });
    const error = await fetchError(f.fetch(`http://mixed.example:${s.port}/`));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('10.0.0.1');
    expect(s.connections()).toBe(0);
  });

  it('connects to the address the checked lookup returned (the system resolver is never asked)', async () => {
    const s = await server(ok);
    let lookups = 0;
    const table = lookupTable({ 'news.example': ['127.0.0.1'] });
    const f = fetcher({ isAllowedAddress: onlyLoopbackOne, lookup: (h) => (lookups++, table(h)) });
    const response = await f.fetch(`http://news.example:${s.port}/a`);
    expect(response.status).toBe(200);
    // Resolved (and checked) once per connection, in the connection itself.
    expect(lookups).toBe(1);
    expect(s.connections()).toBe(1);
  });

  it('reports a name that does not resolve as dns', async () => {
    const error = await fetchError(fetcher({ lookup: lookupTable({}) }).fetch('http://nowhere.example/'));
    expect(error.code).toBe('dns');
    expect(error.message).toContain('nowhere.example could not be resolved (ENOTFOUND)');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'http://user:pw@example.com/', 'not a url', 'http://'])(
    'refuses the URL %j as bad_url',
    async (url) => {
      expect((await fetchError(fetcher().fetch(url))).code).toBe('bad_url');
    },
  );
});

describe('SafeFetcher redirects into private networks', () => {
  it('refuses a redirect to a loopback server the first hop may not reach, which never sees a connection', async () => {
    const privateV4 = await server(ok, '127.0.0.2');
    const privateV6 = await server(ok, '::1');
    const targets = [
      `${privateV4.origin}/secret`,
      `http://internal.example:${privateV4.port}/secret`,
      `${privateV6.origin}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/admin',
      'http://[::ffff:7f00:2]/',
    ];
    const first = await server((req, res) => {
      const index = Number(req.url?.slice(1));
      res.writeHead(302, { location: targets[index] }).end();
    });
    const f = fetcher({ isAllowedAddress: onlyLoopbackOne, lookup: lookupTable({ 'internal.example': ['127.0.0.2'] }) });
    for (const [index, target] of targets.entries()) {
      const error = await fetchError(f.fetch(`${first.origin}/${index}`));
      expect(error.code, target).toBe('blocked_address');
      expect(error.url).toBe(new URL(target).href);
      expect(error.message).toContain(`(redirected from ${first.origin}/${index})`);
    }
    expect(first.paths).toHaveLength(targets.length);
    expect(privateV4.connections()).toBe(0);
    expect(privateV6.connections()).toBe(0);
  });

  it('follows the same redirect when private networks are allowed', async () => {
    const target = await server(ok, '127.0.0.2');
    const first = await server((_req, res) => res.writeHead(301, { location: `${target.origin}/x` }).end());
    const response = await fetcher({ allowPrivateNetwork: true }).fetch(`${first.origin}/`);
    expect(response).toMatchObject({ status: 200, url: `${target.origin}/x`, redirects: 1 });
  });
});
