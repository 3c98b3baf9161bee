import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter.js';
import { ManualClock } from '../../src/lib/clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testBackends } from '../helpers/backends.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('per-tenant rate limit (in memory) on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it('answers at most 50 of 80 requests in one second for a starter tenant, each 429 with Retry-After ≥ 1', async () => {
    const { apiKey } = await t.createTenant({ plan: 'starter' });
    const start = t.clock.now();
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      t.clock.set(start + i * 12); // 80 requests spread over 948 ms
      const res = await t.api(apiKey, 'GET', '/v1/usage');
      statuses.push(res.statusCode);
      expect(res.headers['x-ratelimit-limit']).toBe('50');
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(Number.isInteger(reset)).toBe(true);
      expect(reset).toBeGreaterThanOrEqual(Math.floor(t.clock.now() / 1000));
      expect(reset).toBeLessThanOrEqual(Math.ceil(t.clock.now() / 1000) + 1);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(res.json()).toMatchObject({ title: 'Too Many Requests', status: 429 });
        expect(res.headers['x-ratelimit-remaining']).toBe('0');
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('answers 100 of 130 requests in one second for a professional tenant', async () => {
    const { apiKey } = await t.createTenant({ plan: 'professional' });
    const start = t.clock.now() + 10_000;
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) {
      t.clock.set(start + i * 7); // 130 requests spread over 903 ms
      const res = await t.api(apiKey, 'GET', '/v1/usage');
      statuses.push(res.statusCode);
      expect(res.headers['x-ratelimit-limit']).toBe('100');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(Math.max(0, 99 - i)));
    }
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    t.clock.set(start + 1000); // the first request's slot frees
    expect((await t.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
  });

  it('admits no 2× burst across the edge of a second', async () => {
    const { apiKey } = await t.createTenant({ plan: 'starter' });
    const second = Math.ceil(t.clock.now() / 1000) * 1000 + 10_000;
    t.clock.set(second - 1);
    for (let i = 0; i < 50; i++) expect((await t.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
    t.clock.set(second + 1); // a fixed-window limiter would open a new window here
    for (let i = 0; i < 50; i++) expect((await t.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(429);
    t.clock.set(second + 999); // 1,000 ms after the first 50
    expect((await t.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
  });

  it('gives each tenant its own window, and honours a custom rate', async () => {
    const a = await t.createTenant({ plan: 'custom', rate_limit_rps: 3 });
    const b = await t.createTenant({ plan: 'custom', rate_limit_rps: 3 });
    t.clock.advance(5_000);
    for (let i = 0; i < 3; i++) expect((await t.api(a.apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
    const limited = await t.api(a.apiKey, 'GET', '/v1/usage');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect((await t.api(b.apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
  });

  it('applies a plan change at once on the node that made it', async () => {
    const { apiKey, tenantId } = await t.createTenant({ plan: 'starter' });
    await t.admin('PATCH', `/admin/v1/tenants/${tenantId}`, { plan: 'enterprise' });
    const res = await t.api(apiKey, 'GET', '/v1/usage');
    expect(res.headers['x-ratelimit-limit']).toBe('500');
  });
});

describe('MemoryRateLimiter', () => {
  it('reports remaining and the time a slot frees', async () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new MemoryRateLimiter(clock);
    const first = limiter.hitNow('k', 2, 1_000_000);
    expect(first).toMatchObject({ allowed: true, remaining: 1, resetAt: 1001 });
    expect(limiter.hitNow('k', 2, 1_000_400)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hitNow('k', 2, 1_000_500)).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1, resetAt: 1001 });
    expect(limiter.hitNow('k', 2, 1_001_000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps recent admissions when the limit shrinks', async () => {
    const limiter = new MemoryRateLimiter(new ManualClock(0));
    for (let i = 0; i < 10; i++) limiter.hitNow('k', 10, 100 + i);
    expect(limiter.hitNow('k', 5, 200).allowed).toBe(false);
  });
});
