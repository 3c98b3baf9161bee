import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { MemoryRateLimiter } from './memory-rate-limiter.js';
import { decision, WINDOW_MS, type RateLimitDecision, type RateLimiter } from './rate-limiter.js';

/**
 * The same sliding log as the memory limiter, in a Redis sorted set per key, so
 * every API node shares one window. One Lua call does trim, count and admit
 * atomically; the time comes from Redis itself so clock skew between nodes
 * cannot widen the window.
 */
const SLIDING_LOG = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local oldestScore = now
if oldest[2] then oldestScore = tonumber(oldest[2]) end
return {allowed, count, oldestScore, now}
`;

/** The client once defineCommand has added the script (ioredis adds the method at run time only). */
type SlidingLogRedis = Redis & {
  cfSlidingLog(key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number, number]>;
};

export class RedisRateLimiter implements RateLimiter {
  private readonly node = randomBytes(6).toString('hex');
  private seq = 0;

  private lastErrorLoggedAt = 0;

  /**
   * `fallback` limits per node while Redis is unreachable: the limit then holds
   * per node instead of across the fleet, rather than not at all.
   */
  constructor(
    private readonly redis: Redis,
    private readonly fallback: MemoryRateLimiter,
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly prefix = 'cf:rl:',
  ) {
    this.redis.defineCommand('cfSlidingLog', { numberOfKeys: 1, lua: SLIDING_LOG });
  }

  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    this.seq = (this.seq + 1) % Number.MAX_SAFE_INTEGER;
    const member = `${this.node}:${this.seq}`;
    try {
      const [allowed, count, oldest, now] = await (this.redis as SlidingLogRedis).cfSlidingLog(this.prefix + key, limit, WINDOW_MS, member);
      return decision(allowed === 1, limit, count, Number(oldest), Number(now));
    } catch (error) {
      const now = Date.now();
      if (now - this.lastErrorLoggedAt > 10_000) {
        this.lastErrorLoggedAt = now;
        this.log.error({ err: error }, 'Redis rate limiter unavailable; limiting per node until it is back');
      }
      return this.fallback.hit(key, limit);
    }
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
