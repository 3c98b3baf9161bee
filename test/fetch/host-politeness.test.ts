import { describe, expect, it } from 'vitest';
import { HostPoliteness } from '../../src/fetch/host-politeness.js';
import { deferred, fakeTime, settle } from './fake-time.js';

describe('HostPoliteness', () => {
  it('runs one task at a time per host, starting the next minDelay after the last ended', async () => {
    const time = fakeTime();
    const politeness = new HostPoliteness({ minDelayMs: 1_000, now: time.now, sleep: time.sleep });
    const starts: number[] = [];
    const first = deferred<string>();
    const a = politeness.run('http://news.example/a', () => (starts.push(time.now()), first.promise));
    const b = politeness.run('http://news.example/b', async () => (starts.push(time.now()), 'b'));
    const c = politeness.run('http://NEWS.example:80/c', async () => (starts.push(time.now()), 'c'));
    await settle();
    expect(starts).toHaveLength(1); // b and c wait while a runs

    time.clock.advance(300); // a takes 300 ms
    const aEnded = time.now();
    first.resolve('a');
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(starts[1]).toBe(aEnded + 1_000);
    expect(starts[2]).toBe((starts[1] ?? 0) + 1_000);
    expect(time.sleeps).toEqual([1_000, 1_000]);
  });

  it('does not wait when the delay has already passed', async () => {
    const time = fakeTime();
    const politeness = new HostPoliteness({ minDelayMs: 1_000, now: time.now, sleep: time.sleep });
    await politeness.run('http://news.example/a', async () => undefined);
    time.clock.advance(400);
    await politeness.run('http://news.example/b', async () => undefined);
    time.clock.advance(5_000);
    await politeness.run('http://news.example/c', async () => undefined);
    expect(time.sleeps).toEqual([600]);
  });

  it('never makes another host wait, and treats another port as another host', async () => {
    const time = fakeTime();
    const politeness = new HostPoliteness({ minDelayMs: 1_000, now: time.now, sleep: time.sleep });
    const slow = deferred();
    const started: string[] = [];
    const blocked = politeness.run('http://slow.example/', () => (started.push('slow'), slow.promise));
    await politeness.run('http://fast.example/', async () => started.push('fast'));
    await politeness.run('http://slow.example:8080/', async () => started.push('slow:8080'));
    await politeness.run('https://slow.example/', async () => started.push('slow:443'));
    expect(started).toEqual(['slow', 'fast', 'slow:8080', 'slow:443']);
    expect(time.sleeps).toEqual([]);
    slow.resolve();
    await blocked;
  });

  it('frees the host after a task fails, still keeping the delay', async () => {
    const time = fakeTime();
    const politeness = new HostPoliteness({ minDelayMs: 250, now: time.now, sleep: time.sleep });
    await expect(politeness.run('http://news.example/', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await politeness.run('http://news.example/', async () => undefined);
    expect(time.sleeps).toEqual([250]);
  });

  it('honours a larger per-call delay (robots Crawl-delay) for the gap after that call too', async () => {
    const time = fakeTime();
    const politeness = new HostPoliteness({ minDelayMs: 100, now: time.now, sleep: time.sleep });
    await politeness.run('http://news.example/', async () => undefined, { delayMs: 5_000 });
    await politeness.run('http://news.example/', async () => undefined);
    await politeness.run('http://news.example/', async () => undefined, { delayMs: 50 });
    expect(time.sleeps).toEqual([5_000, 100]);
  });
});
