import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { databaseContains } from '../helpers/scan-database.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createUser, login, PASSWORD } from './console-helpers.js';

const MINUTE = 60_000;

describe.each(testBackends().map((b) => [b.name, b] as const))('console login limits on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com']) await createUser(t, { email, role: 'operator' });
  });
  afterAll(() => t.close());

  it('after 5 failures for an email in 15 minutes, refuses even the right password (429, Retry-After) until the window moves', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(t, 'ann@example.com', `wrong password ${i}`, { remoteAddress: `10.0.0.${i}` })).statusCode).toBe(401);
      t.clock.advance(MINUTE);
    }
    // Five minutes after the first failure: it leaves the window in ten.
    const limited = await login(t, 'ANN@example.com', PASSWORD, { remoteAddress: '10.0.1.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    expect(limited.json()).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Refused attempts do not extend the block.
    t.clock.advance(10 * MINUTE - 1000);
    expect((await login(t, 'ann@example.com', PASSWORD)).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login(t, 'ann@example.com', PASSWORD)).statusCode).toBe(200);
    // Other accounts were never affected.
    expect((await login(t, 'bob@example.com')).statusCode).toBe(200);
  });

  it('a successful login clears the email’s failures', async () => {
    const fourFailures = async () => {
      const results = await Promise.all(Array.from({ length: 4 }, () => login(t, 'bob@example.com', 'wrong password')));
      expect(results.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    };
    await fourFailures();
    expect((await login(t, 'bob@example.com')).statusCode).toBe(200);
    await fourFailures();
    // Eight failures in the window, but only four since the success.
    expect((await login(t, 'bob@example.com')).statusCode).toBe(200);
  });

  it('after 20 failures from one address within 15 minutes, refuses that address (any email) but not others', async () => {
    t.clock.advance(16 * MINUTE);
    // In parallel (the hashing dominates); each sees at most 19 others, so none is refused.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t, `guess${i}@example.com`, 'wrong password', { remoteAddress: '192.0.2.7' })),
    );
    expect(guesses.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    // Now, while the 20 failures are counted (a later success or the window would remove them):
    // the rows are there, and hold neither an email nor the address in clear.
    expect((await t.deps.db.selectFrom('console_login_attempts').select('subject').execute()).length).toBeGreaterThanOrEqual(40);
    expect(await databaseContains(t, 'guess3@example.com')).toBe(false);
    expect(await databaseContains(t, '192.0.2.7')).toBe(false);
    const limited = await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '192.0.2.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '192.0.2.8' })).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
  });

  it('parallel guesses cannot overtake the limit while the first ones are still being checked', async () => {
    t.clock.advance(16 * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t, 'cy@example.com', `parallel guess ${i}`, { remoteAddress: `198.51.100.${i}` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    t.clock.advance(16 * MINUTE);
    const fail = (i: number, remoteAddress: string) => login(t, `v6guess${i}@example.com`, 'wrong password', { remoteAddress });
    // A new address of the same /64 for every guess.
    const v6 = await Promise.all(Array.from({ length: 20 }, (_, i) => fail(i, `2001:db8:7:1::${(i + 1).toString(16)}`)));
    expect(v6.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '2001:db8:7:1:ffff:ffff:ffff:ffff' })).statusCode).toBe(429);
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '2001:db8:7:2::1' })).statusCode).toBe(200);

    const mapped = await Promise.all(Array.from({ length: 20 }, (_, i) => fail(100 + i, '::ffff:203.0.113.50')));
    expect(mapped.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '203.0.113.50' })).statusCode).toBe(429);
    // Other IPv4 clients seen through a dual-stack socket are not one /64.
    expect((await login(t, 'cy@example.com', PASSWORD, { remoteAddress: '::ffff:203.0.113.51' })).statusCode).toBe(200);
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('console login attempts on %s', (_name, backend) => {
  it('are HMACs under SECRET_KEY: another key stores other values, and none is a plain SHA-256 of the email or address', async () => {
    const subjects: string[][] = [];
    for (const secretKey of ['first-secret-key-0123456789abcdef0123456789', 'other-secret-key-0123456789abcdef0123456789']) {
      const app = await startTestApp({ backend, env: { SECRET_KEY: secretKey } });
      try {
        // A password typed into the email field.
        expect((await login(app, 'Hunter2-typed-in-the-wrong-field@example.com', 'x', { remoteAddress: '203.0.113.9' })).statusCode).toBe(
          401,
        );
        subjects.push((await app.deps.db.selectFrom('console_login_attempts').select('subject').execute()).map((r) => r.subject));
      } finally {
        await app.close();
      }
    }
    const [first, other] = subjects as [string[], string[]];
    expect(first).toHaveLength(2);
    expect(other).toHaveLength(2);
    expect(first.filter((s) => other.includes(s))).toEqual([]);
    const email = 'hunter2-typed-in-the-wrong-field@example.com';
    const unkeyed = [email, `email:${email}`, '203.0.113.9', 'address:203.0.113.9'].map((text) =>
      createHash('sha256').update(text).digest('hex'),
    );
    expect([...first, ...other].filter((s) => unkeyed.includes(s))).toEqual([]);
  });
});
