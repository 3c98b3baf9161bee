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
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          REDIS_URL: 'not a url',
          SECRET_KEY: 'short',
          ALLOW_PRIVATE_NETWORK_FETCH: 'maybe',
          LOG_LEVEL: 'loud',
        },
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

  it('TRUST_PROXY takes a hop count or named proxies, never a blanket true', () => {
    expect(loadConfig({}, { readDotEnv: false }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, { readDotEnv: false }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, { readDotEnv: false }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    for (const bad of ['true', 'everyone', '10.0.0.0/8;rm']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, { readDotEnv: false }), bad).toThrow(/TRUST_PROXY must be a hop count/);
    }
  });

  it('WORKER_METRICS_PORT is off unless set', () => {
    expect(loadConfig({}, { readDotEnv: false }).workerMetricsPort).toBeNull();
    expect(loadConfig({ WORKER_METRICS_PORT: '9464' }, { readDotEnv: false }).workerMetricsPort).toBe(9464);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '70000' }, { readDotEnv: false })).toThrow(/WORKER_METRICS_PORT/);
  });
});
