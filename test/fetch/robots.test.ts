import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RobotsRules } from '../../src/fetch/robots.js';
import { SafeFetcher } from '../../src/fetch/safe-fetcher.js';
import { fakeTime } from './fake-time.js';
import { startServer, type LoopbackServer } from './loopback-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ROBOTS = ['User-agent: *', 'Disallow: /private/', '', 'User-agent: content-feed', 'Disallow: /members/', 'Crawl-delay: 2'].join('\n');

/** A site whose robots.txt answer the test sets; counts robots.txt requests. */
async function site(answer: (res: ServerResponse) => void): Promise<{ server: LoopbackServer; robotsRequests: () => number }> {
  const server = await startServer((req, res) => (req.url === '/robots.txt' ? answer(res) : res.end('page')));
  cleanups.push(server.close);
  return { server, robotsRequests: () => server.paths.filter((p) => p === '/robots.txt').length };
}

function rules(o: { ttlMs?: number } = {}): { robots: RobotsRules; time: ReturnType<typeof fakeTime> } {
  const time = fakeTime();
  const fetcher = new SafeFetcher({ allowPrivateNetwork: true, userAgent: 'content-feed/0.1', timeoutMs: 5_000 });
  cleanups.push(() => fetcher.close());
  return { robots: new RobotsRules({ fetcher, userAgent: 'content-feed/0.1', now: time.now, ...o }), time };
}

describe('RobotsRules', () => {
  it('applies the group for our user agent', async () => {
    const { server } = await site((res) => res.end(ROBOTS));
    const { robots } = rules();
    expect(await robots.isAllowed(`${server.origin}/members/page`)).toBe(false);
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(true);
    // Our own group replaces "*": /private/ is not listed in it.
    expect(await robots.isAllowed(`${server.origin}/private/x`)).toBe(true);
    expect(robots.crawlDelayMs(`${server.origin}/news/1`)).toBe(2_000);
  });

  it('allows everything when robots.txt is missing (404)', async () => {
    const { server } = await site((res) => res.writeHead(404).end('no'));
    const { robots } = rules();
    expect(await robots.isAllowed(`${server.origin}/anything`)).toBe(true);
    expect(robots.crawlDelayMs(`${server.origin}/anything`)).toBeNull();
  });

  it.each([500, 503, 429])('disallows everything while robots.txt answers %i, and asks again 10 minutes later', async (status) => {
    let current = status;
    const { server, robotsRequests } = await site((res) =>
      current === 200 ? res.end('User-agent: *\nAllow: /') : res.writeHead(current).end(),
    );
    const { robots, time } = rules();
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(false);
    time.clock.advance(9 * 60_000);
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(false);
    expect(robotsRequests()).toBe(1);
    current = 200;
    time.clock.advance(60_000);
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(true);
    expect(robotsRequests()).toBe(2);
  });

  it('disallows everything when robots.txt cannot be fetched at all', async () => {
    const { server } = await site((res) => res.end());
    await server.close();
    const { robots } = rules();
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(false);
  });

  it('passes on a refusal of the address policy instead of answering "disallowed"', async () => {
    const { server, robotsRequests } = await site((res) => res.end(ROBOTS));
    const fetcher = new SafeFetcher({ allowPrivateNetwork: false, userAgent: 'content-feed/0.1' });
    cleanups.push(() => fetcher.close());
    const robots = new RobotsRules({ fetcher, userAgent: 'content-feed', now: fakeTime().now });
    await expect(robots.isAllowed(`${server.origin}/news/1`)).rejects.toMatchObject({ code: 'blocked_address' });
    expect(robotsRequests()).toBe(0);
  });

  it('fetches robots.txt once for many concurrent callers', async () => {
    const { server, robotsRequests } = await site((res) => setTimeout(() => res.end(ROBOTS), 20));
    const { robots } = rules();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => robots.isAllowed(`${server.origin}/${i % 2 ? 'members' : 'news'}/${i}`)),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 0));
    expect(robotsRequests()).toBe(1);
  });

  it('fetches robots.txt again once the TTL has passed', async () => {
    let body = ROBOTS;
    const { server, robotsRequests } = await site((res) => res.end(body));
    const { robots, time } = rules({ ttlMs: 60_000 });
    expect(await robots.isAllowed(`${server.origin}/members/a`)).toBe(false);
    body = 'User-agent: *\nDisallow:';
    time.clock.advance(59_999);
    expect(await robots.isAllowed(`${server.origin}/members/a`)).toBe(false);
    expect(robotsRequests()).toBe(1);
    time.clock.advance(1);
    expect(await robots.isAllowed(`${server.origin}/members/a`)).toBe(true);
    expect(robotsRequests()).toBe(2);
  });

  it('keeps the last good rules when a refetch fails', async () => {
    let failing = false;
    const { server } = await site((res) => (failing ? res.writeHead(503).end() : res.end(ROBOTS)));
    const { robots, time } = rules({ ttlMs: 60_000 });
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(true);
    failing = true;
    time.clock.advance(60_000);
    expect(await robots.isAllowed(`${server.origin}/news/1`)).toBe(true);
    expect(await robots.isAllowed(`${server.origin}/members/1`)).toBe(false);
  });
});
