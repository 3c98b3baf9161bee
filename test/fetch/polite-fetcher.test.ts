import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/fetch/fetch-error.js';
import { HostPoliteness } from '../../src/fetch/host-politeness.js';
import { PoliteFetcher } from '../../src/fetch/polite-fetcher.js';
import { RobotsRules } from '../../src/fetch/robots.js';
import { SafeFetcher } from '../../src/fetch/safe-fetcher.js';
import { fakeTime } from './fake-time.js';
import { startServer, type LoopbackServer } from './loopback-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function site(
  robotsTxt: string,
  pages: (req: IncomingMessage, res: ServerResponse) => void = (_q, r) => r.end('page'),
): Promise<LoopbackServer> {
  const server = await startServer((req, res) => (req.url === '/robots.txt' ? res.end(robotsTxt) : pages(req, res)));
  cleanups.push(server.close);
  return server;
}

function politeFetcher(minDelayMs = 500): { fetcher: PoliteFetcher; time: ReturnType<typeof fakeTime> } {
  const time = fakeTime();
  const safe = new SafeFetcher({ allowPrivateNetwork: true, userAgent: 'content-feed/0.1', timeoutMs: 5_000 });
  cleanups.push(() => safe.close());
  const robots = new RobotsRules({ fetcher: safe, userAgent: 'content-feed', now: time.now });
  const politeness = new HostPoliteness({ minDelayMs, now: time.now, sleep: time.sleep });
  return { fetcher: new PoliteFetcher({ fetcher: safe, robots, politeness }), time };
}

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('PoliteFetcher', () => {
  it('refuses a path robots.txt disallows without requesting it, and fetches an allowed one', async () => {
    const server = await site('User-agent: *\nDisallow: /private/');
    const { fetcher } = politeFetcher();
    const error = await fetchError(fetcher.fetch(`${server.origin}/private/feed.xml`));
    expect(error.code).toBe('robots_disallowed');
    expect(error.message).toContain(`${server.origin}/robots.txt`);
    const response = await fetcher.fetch(`${server.origin}/news/feed.xml`);
    expect(response.body.toString()).toBe('page');
    expect(server.paths).toEqual(['/robots.txt', '/news/feed.xml']);
  });

  it('says why when robots.txt cannot be read', async () => {
    const server = await startServer((req, res) => res.writeHead(req.url === '/robots.txt' ? 503 : 200).end());
    cleanups.push(server.close);
    const { fetcher } = politeFetcher();
    const error = await fetchError(fetcher.fetch(`${server.origin}/feed.xml`));
    expect(error.code).toBe('robots_disallowed');
    expect(error.message).toContain(`robots.txt cannot be read (${server.origin}/robots.txt answered 503)`);
  });

  it('reports a loopback source as blocked_address, not as a robots refusal', async () => {
    const server = await site('User-agent: *\nAllow: /');
    const safe = new SafeFetcher({ allowPrivateNetwork: false, userAgent: 'content-feed/0.1' });
    cleanups.push(() => safe.close());
    const time = fakeTime();
    const fetcher = new PoliteFetcher({
      fetcher: safe,
      robots: new RobotsRules({ fetcher: safe, userAgent: 'content-feed', now: time.now }),
      politeness: new HostPoliteness({ minDelayMs: 0, now: time.now, sleep: time.sleep }),
    });
    const error = await fetchError(fetcher.fetch(`${server.origin}/feed.xml`));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('127.0.0.1, a loopback address');
    expect(error.message).toContain('ALLOW_PRIVATE_NETWORK_FETCH=true');
    expect(server.connections()).toBe(0);
  });

  it('skips robots.txt when asked', async () => {
    const server = await site('User-agent: *\nDisallow: /');
    const { fetcher } = politeFetcher();
    expect((await fetcher.fetch(`${server.origin}/x`, { skipRobots: true })).status).toBe(200);
    expect(server.paths).toEqual(['/x']);
  });

  it('spaces requests to one host by minDelay, or by a larger Crawl-delay capped at 30 s', async () => {
    const plain = await site('User-agent: *\nAllow: /');
    const slow = await site('User-agent: *\nCrawl-delay: 5');
    const greedy = await site('User-agent: content-feed\nCrawl-delay: 3600');
    const { fetcher, time } = politeFetcher(500);
    for (const server of [plain, slow, greedy]) {
      await fetcher.fetch(`${server.origin}/1`);
      await fetcher.fetch(`${server.origin}/2`);
    }
    expect(time.sleeps).toEqual([500, 5_000, 30_000]);
  });

  it('checks the robots.txt of the origin a redirect leads to', async () => {
    const closed = await site('User-agent: *\nDisallow: /');
    const open = await site('', (_req, res) => res.writeHead(302, { location: `${closed.origin}/article` }).end());
    const { fetcher } = politeFetcher();
    const error = await fetchError(fetcher.fetch(`${open.origin}/go`));
    expect(error.code).toBe('robots_disallowed');
    expect(error.url).toBe(`${closed.origin}/article`);
    expect(closed.paths).toEqual(['/robots.txt']);
  });
});
