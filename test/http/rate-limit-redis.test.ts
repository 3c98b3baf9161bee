import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter.js';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends, testRedisUrl, type TestDatabase } from '../helpers/backends.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';

const redisUrl = testRedisUrl();

describe('rate limit when Redis is down', () => {
  it('limits per node while Redis is unreachable instead of admitting everything', async () => {
    const broken = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
    const errors: unknown[] = [];
    const limiter = new RedisRateLimiter(broken, new MemoryRateLimiter(new ManualClock()), { error: (e) => errors.push(e) });
    try {
      const decisions = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('tenant', 3)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
      expect(errors).toHaveLength(1);
    } finally {
      broken.disconnect();
    }
  });
});

describe.runIf(redisUrl)('rate limit shared through Redis', () => {
  it('RedisRateLimiter admits exactly the limit inside one window', async () => {
    const redis = new Redis(redisUrl!);
    const limiter = new RedisRateLimiter(redis, new MemoryRateLimiter(new ManualClock()), console, `cf:test:${Date.now()}:`);
    try {
      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('tenant', 7)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
      const denied = decisions.find((d) => !d.allowed)!;
      expect(denied.retryAfter).toBeGreaterThanOrEqual(1);
      expect(denied.remaining).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  describe('two server processes', () => {
    let database: TestDatabase;
    let servers: ChildServer[] = [];
    const adminToken = 'redis-test-admin-token-0123456789';

    beforeAll(async () => {
      // PostgreSQL when available (the fleet setup); else a shared SQLite file.
      const backends = testBackends();
      database = await backends[backends.length - 1]!.create();
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        ADMIN_TOKEN: adminToken,
        SECRET_KEY: 'shared-secret-key-0123456789abcdef0123',
      };
      const first = await startChildServer({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-n1-')) });
      const second = await startChildServer({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-n2-')) });
      servers = [first, second];
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
    });

    it('admits at most 50 of 80 requests per second across both nodes', async () => {
      const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
      // The window is Redis' clock, which a test cannot hold still: a burst slower than a second
      // would see room freed. The responses say when that happened (an admitted request's
      // X-RateLimit-Remaining repeats one before it), and then the burst is tried again on a
      // fresh tenant (its own window) rather than asserting how long it took.
      let statuses: number[] = [];
      let admittedRemaining: number[] = [];
      let refused: Response[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const tenant = (await (
          await fetch(`${servers[0]!.url}/admin/v1/tenants`, {
            method: 'POST',
            headers: admin,
            body: JSON.stringify({ name: 'T', plan: 'starter' }),
          })
        ).json()) as { id: string };
        const key = (await (
          await fetch(`${servers[0]!.url}/admin/v1/tenants/${tenant.id}/api-keys`, { method: 'POST', headers: admin, body: '{}' })
        ).json()) as { api_key: string };
        const headers = { authorization: `Bearer ${key.api_key}` };
        // Warm both nodes' key caches so the burst is not spread by cold lookups: 2 of the 50.
        for (const s of servers) expect((await fetch(`${s.url}/v1/usage`, { headers })).status).toBe(200);
        const responses = await Promise.all(Array.from({ length: 80 }, (_, i) => fetch(`${servers[i % 2]!.url}/v1/usage`, { headers })));
        statuses = responses.map((r) => r.status);
        admittedRemaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining')));
        refused = responses.filter((r) => r.status === 429);
        if (new Set(admittedRemaining).size === admittedRemaining.length) break;
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(48);
      expect(statuses.filter((s) => s === 429)).toHaveLength(32);
      // One shared window: the burst's admissions counted 3 to 50, each once, whichever node took them.
      expect([...admittedRemaining].sort((a, b) => a - b)).toEqual(Array.from({ length: 48 }, (_, i) => i));
      for (const r of refused) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      }
    });
  });
});
