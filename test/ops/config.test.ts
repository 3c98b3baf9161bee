import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({}, { readDotEnv: false });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', redisUrl: null, allowPrivateNetworkFetch: false, logLevel: 'info' });
    expect(config.databaseUrl).toMatch(/^sqlite:.*data\/content-feed\.sqlite$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reports every bad value at once, one clear message each', () => {
    try {
      loadConfig(
        { PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'not a url', SECRET_KEY: 'short', ALLOW_PRIVATE_NETWORK_FETCH: 'maybe', LOG_LEVEL: 'loud' },
        { readDotEnv: false },
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(6);
      expect(problems.join('\n')).toMatch(/PORT.*"eighty"/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL must use one of postgres:\/\//);
      expect(problems.join('\n')).toMatch(/SECRET_KEY must be at least 32/);
    }
  });
});
