import { afterEach, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createUser, PASSWORD } from './console-helpers.js';

/** Login limits per client address behind a reverse proxy (TRUST_PROXY). */
describe.each(testBackends().map((b) => [b.name, b] as const))('console login limits behind a proxy on %s', (_name, backend) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (email: string, password: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/console/api/login',
      payload: { email, password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const twentyFailuresFrom = async (forwardedFor: (i: number) => string) => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`guess${i}@example.com`, 'wrong password', forwardedFor(i))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
  };

  it('with TRUST_PROXY naming the proxy, counts the client X-Forwarded-For names: one client is limited, the others are not', async () => {
    t = await startTestApp({ backend, env: { TRUST_PROXY: '10.0.0.0/8' } });
    await createUser(t, { email: 'ann@example.com', role: 'operator' });
    await twentyFailuresFrom(() => '203.0.113.9');
    expect((await login('ann@example.com', PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await login('ann@example.com', PASSWORD, '203.0.113.10')).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot escape the limit by inventing addresses', async () => {
    t = await startTestApp({ backend });
    await createUser(t, { email: 'ann@example.com', role: 'operator' });
    await twentyFailuresFrom((i) => `198.51.100.${i}`);
    expect((await login('ann@example.com', PASSWORD, '198.51.100.200')).statusCode).toBe(429);
  });
});
