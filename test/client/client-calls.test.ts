import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/src/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { clientOf, manualTimer, startListeningApp, type ListeningApp } from '../helpers/listening-app.js';

const sqlite = testBackends()[0]!;

/** The typed methods over real HTTP: bodies, problems, call state, retries. */
describe('the client against the real server', () => {
  let served: ListeningApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    served = await startListeningApp({ backend: sqlite, clock });
  });
  afterAll(() => served.close());

  it('user methods round-trip, and a refusal is a ProblemError with the problem, the status and the request id', async () => {
    const { apiKey } = await served.t.createTenant();
    const client = clientOf(served, apiKey, manualTimer(clock));
    await client.putUser('u-1', { properties: { language: 'ja', interests: ['baseball'] } });
    await client.patchUser('u-1', { properties: { interests: ['soccer'] } });
    expect((await client.getUser('u-1')).properties).toMatchObject({ language: 'ja', interests: ['soccer'] });
    expect(client.lastCall).toMatchObject({ status: 200, creditsUsed: 0, requestId: expect.stringMatching(/^req_/) });
    expect(client.lastCall!.rateLimit).toMatchObject({ limit: 50, remaining: expect.any(Number), resetAt: expect.any(Number) });
    await client.deleteUser('u-1');

    const refusal = await client.getUser('u-1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProblemError);
    const problem = refusal as ProblemError;
    expect(problem.status).toBe(404);
    expect(problem.problem).toMatchObject({ status: 404, title: 'Not Found', instance: '/v1/users/u-1' });
    expect(problem.requestId).toBe(client.lastCall!.requestId);
    expect(problem.requestId).toBe(problem.problem!.request_id);

    const invalid = (await client.getFeed({ scenario: 'home', limit: 500 }).catch((error: unknown) => error)) as ProblemError;
    expect(invalid.status).toBe(400);
    expect(invalid.errors).toEqual([expect.objectContaining({ location: 'query', name: 'limit' })]);
  });

  it('credits used and the rate-limit window are readable after each call', async () => {
    const { apiKey, tenantId } = await served.t.createTenant({ plan: 'starter' });
    await served.t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, {});
    await served.t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
    const client = clientOf(served, apiKey, manualTimer(clock));
    await client.getUsage();
    expect(client.lastCall).toMatchObject({ creditsUsed: 0, rateLimit: { limit: 50, remaining: 49 } });
    const refused = (await client.getContent('cnt_missing').catch((error: unknown) => error)) as ProblemError;
    expect(refused.status).toBe(404);
    expect(client.lastCall).toMatchObject({ status: 404, rateLimit: { limit: 50, remaining: 48 } });
    expect(client.creditsUsed).toBe(0);
    // A feed request costs 1 credit, reported by the call.
    const page = await client.getFeed({ scenario: 'home' });
    expect(client.lastCall).toMatchObject({ status: 200, creditsUsed: 1, requestId: page.meta.request_id, rateLimit: { remaining: 47 } });
    expect(client.creditsUsed).toBe(page.meta.consumed_credits);
  });

  it('a 429 waits for Retry-After (the clock moves past it) and the retry succeeds', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 1 });
    const timer = manualTimer(clock);
    const retries: { delayMs: number; status?: number }[] = [];
    const client = clientOf(served, apiKey, timer, {
      onRetry: ({ delayMs, reason }) => retries.push({ delayMs, status: (reason as ProblemError).status }),
    });
    await client.getUsage();
    await client.getUsage();
    expect(retries).toHaveLength(1);
    expect(retries[0]!.status).toBe(429);
    expect(timer.sleeps[0]).toBeGreaterThanOrEqual(1000);
    expect(client.lastCall!.status).toBe(200);
  });

  it('with retries off, the 429 reaches the caller with its Retry-After', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 1 });
    const client = clientOf(served, apiKey, manualTimer(clock), { retry: false });
    await client.getUsage();
    const refused = (await client.getUsage().catch((error: unknown) => error)) as ProblemError;
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 1, problem: { title: 'Too Many Requests' } });
  });

  it('a network error is retried with exponential backoff on an idempotent call', async () => {
    const { apiKey } = await served.t.createTenant();
    const timer = manualTimer(clock);
    let failures = 2;
    const client = clientOf(served, apiKey, timer, {
      fetch: (input, init) => (failures-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    await client.putUser('u-net', { properties: {} });
    expect(timer.sleeps).toEqual([188, 375]); // 250 · 2^(n-1), half fixed and half jitter (here at its midpoint)
  });

  it('a call that is not idempotent is never sent twice after a network error (it may have reached the server)', async () => {
    const { apiKey } = await served.t.createTenant();
    const timer = manualTimer(clock);
    let sent = 0;
    const client = clientOf(served, apiKey, timer, {
      fetch: async (input, init) => {
        sent++;
        await fetch(input, init);
        throw new TypeError('fetch failed: connection reset after the request was sent');
      },
    });
    const request = {
      method: 'POST',
      path: '/v1/events',
      body: { events: [{ type: 'session_start', session_id: 's', occurred_at: new Date(clock.now()).toISOString() }] },
    } as const;
    await expect(client.transport.request({ ...request, idempotent: false })).rejects.toThrow('connection reset');
    expect(sent).toBe(1);
    expect(timer.sleeps).toEqual([]);
    await expect(client.transport.request({ ...request, idempotent: true })).rejects.toThrow('connection reset');
    expect(sent).toBe(1 + 6);
  });
});
