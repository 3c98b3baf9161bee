import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/src/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { clientOf, manualTimer, startListeningApp, type ListeningApp } from '../helpers/listening-app.js';

/**
 * Pacing on the server's own limiter (sliding one-second window). The clock moves only
 * when the client waits, so a burst is as tight as it can be.
 */
describe('rate-limit pacing', () => {
  let served: ListeningApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    served = await startListeningApp({ backend: testBackends()[0]!, clock });
  });
  afterAll(() => served.close());

  const burst = async (client: ReturnType<typeof clientOf>, calls: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < calls; i++) {
      statuses.push(
        await client.getUsage().then(
          () => 200,
          (error: ProblemError) => error.status,
        ),
      );
    }
    return statuses;
  };

  it('without it, a burst of 3× the plan limit meets 429s', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 5 });
    const statuses = await burst(clientOf(served, apiKey, manualTimer(clock), { retry: false }), 15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('with it, the same burst stays under the limit (no 429), one request every 1000/(limit−1) ms', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 5 });
    const timer = manualTimer(clock);
    const client = clientOf(served, apiKey, timer, { retry: false, pacing: true });
    const start = clock.now();
    expect(await burst(client, 15)).toEqual(Array(15).fill(200));
    expect(client.lastCall!.rateLimit!.limit).toBe(5);
    // Evenly spaced, with one slot of the window left for the tenant's other processes.
    expect(clock.now() - start).toBe(14 * 250);
  });

  it('concurrent callers are paced too: the first response teaches the limit, the others wait their turn', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 5 });
    const timer = manualTimer(clock);
    const client = clientOf(served, apiKey, timer, { retry: false, pacing: true });
    await client.getUsage();
    // Each caller reserves its slot at once; the clock moves as each one's wait ends.
    const waits = timer.sleeps.length;
    await Promise.all(Array.from({ length: 3 }, () => client.getUsage()));
    expect(timer.sleeps.slice(waits)).toEqual([250, 250, 250]);
  });

  it('when another process spends the window, Remaining 0 holds the next request until Reset', async () => {
    const { apiKey } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 5 });
    const other = clientOf(served, apiKey, manualTimer(clock), { retry: false });
    for (let i = 0; i < 4; i++) await other.getUsage();
    const timer = manualTimer(clock);
    const client = clientOf(served, apiKey, timer, { retry: false, pacing: true });
    await client.getUsage();
    const { remaining, resetAt } = client.lastCall!.rateLimit!;
    expect(remaining).toBe(0);
    await client.getUsage();
    expect(clock.now()).toBe(resetAt * 1000);
    expect(client.lastCall!.status).toBe(200);
  });
});
