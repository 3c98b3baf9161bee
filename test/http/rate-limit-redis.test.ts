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
      const tenant = await (await fetch(`${servers[0]!.url}/admin/v1/tenants`, { method: 'POST', headers: admin, body: JSON.stringify({ name: "T", plan: "starter" }) })).json() as { id: string };
      const key = await (await fetch(`${servers[0]!.url}/admin/v1/tenants/${tenant.id}/api-keys`, { method: 'POST', headers: admin, body: "{}" })).json() as { api_key: string };
      const headers = { authorization: `Bearer ${key.api_key}` };
      // Warm both nodes' key caches so the burst is not spread by cold lookups.
      for (const s of servers) expect((await fetch(`${s.url}/v1/usage`, { headers })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));

      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 80 }, (_, i) => fetch(`${servers[i % 2]!.url}/v1/usage`, { headers })),
      );
      const elapsed = Date.now() - started;
      expect(elapsed, 'the burst must fit in one second for this check to be meaningful').toBeLessThan(1000);
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(50);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      for (const r of responses.filter((res) => res.status === 429)) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    });
  });
});
