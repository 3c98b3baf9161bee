import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemError, type RejectedEvent, type TrackedEvent } from '../../client/src/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { clientOf, manualTimer, startListeningApp, type ListeningApp } from '../helpers/listening-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('the event buffer on %s', (_name, backend) => {
  let served: ListeningApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    served = await startListeningApp({ backend, clock });
  });
  afterAll(() => served.close());

  const sessionStart = (i: number): TrackedEvent => ({
    type: 'session_start',
    session_id: `s-${i}`,
    occurred_at: new Date(clock.now()).toISOString(),
  });

  it('delivers 1,000 tracked events exactly once across a server restart and a forced 429', async () => {
    // 3 requests a second on a clock that moves only when the client waits: the 4th batch meets a 429.
    const { apiKey, tenantId } = await served.t.createTenant({ plan: 'custom', rate_limit_rps: 3 });
    let posts = 0;
    const causes: string[] = [];
    // The 6th batch finds the server stopped (nothing of it reaches the server); the server
    // starts again while the client backs off.
    const timer = manualTimer(clock, async () => {
      if (!served.running) await served.start();
    });
    const client = clientOf(served, apiKey, timer, {
      onRetry: ({ reason }) => causes.push(reason instanceof ProblemError ? String(reason.status) : 'network'),
      fetch: async (input, init) => {
        if (init?.method === 'POST' && ++posts === 6) await served.stop();
        return fetch(input, init);
      },
    });
    const delivered: TrackedEvent[] = [];
    const buffer = client.eventBuffer({ flushIntervalMs: 0, onDelivered: (events) => delivered.push(...events) });
    for (let i = 0; i < 1000; i++) buffer.track(sessionStart(i));
    await buffer.close();

    expect(causes).toContain('429');
    expect(causes).toContain('network');
    expect(buffer.pending).toHaveLength(0);
    // Sent once each: the server accepted each event in exactly one batch…
    expect(delivered).toHaveLength(1000);
    expect(new Set(delivered.map((e) => e.session_id)).size).toBe(1000);
    // …and stored each once, on the server that came back.
    const stored = await served.t.deps.db.selectFrom('events').select(['session_id']).where('tenant_id', '=', tenantId).execute();
    expect(stored).toHaveLength(1000);
    expect(new Set(stored.map((row) => row.session_id)).size).toBe(1000);
  });

  it('sends a batch when it fills and on flush(); a 400 names the bad events, reported to the caller, and the rest are sent', async () => {
    const { apiKey } = await served.t.createTenant();
    const client = clientOf(served, apiKey, manualTimer(clock));
    const rejected: RejectedEvent[] = [];
    const sent: number[] = [];
    const buffer = client.eventBuffer({
      batchSize: 10,
      flushIntervalMs: 0,
      onRejected: (events) => rejected.push(...events),
      onDelivered: (events) => sent.push(events.length),
    });
    for (let i = 0; i < 10; i++) buffer.track(sessionStart(100 + i));
    await buffer.flush();
    expect(sent).toEqual([10]);

    const forged: TrackedEvent = {
      type: 'click',
      session_id: 's-x',
      tracking_token: 'forged',
      occurred_at: new Date(clock.now()).toISOString(),
    };
    buffer.track(sessionStart(200));
    buffer.track(forged);
    buffer.track(sessionStart(201));
    await buffer.close();
    expect(rejected).toEqual([{ event: forged, problems: [expect.objectContaining({ name: 'events[1].tracking_token' })] }]);
    expect(sent).toEqual([10, 2]);
  });

  it('sends what is queued on its interval, with no flush() asked for', async () => {
    const { apiKey } = await served.t.createTenant();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let delivered!: (count: number) => void;
      const sent = new Promise<number>((resolve) => (delivered = resolve));
      const buffer = clientOf(served, apiKey, manualTimer(clock)).eventBuffer({
        flushIntervalMs: 5000,
        onDelivered: (events) => delivered(events.length),
      });
      buffer.track(sessionStart(400));
      buffer.track(sessionStart(401));
      vi.advanceTimersByTime(4999);
      expect(buffer.pending).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(await sent).toBe(2);
      expect(buffer.pending).toHaveLength(0);
      await buffer.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without an onRejected handler, flush() throws the refused events; none is dropped silently', async () => {
    const { apiKey } = await served.t.createTenant();
    const buffer = clientOf(served, apiKey, manualTimer(clock)).eventBuffer({ flushIntervalMs: 0 });
    buffer.track({ type: 'login', session_id: 's-y', user_id: 'u', occurred_at: 'yesterday' });
    await expect(buffer.flush()).rejects.toMatchObject({
      name: 'RejectedEventsError',
      rejected: [expect.objectContaining({ event: expect.objectContaining({ session_id: 's-y' }) })],
    });
  });

  it('events refused in a batch sent because it filled are thrown by the next flush(), not lost', async () => {
    const { apiKey } = await served.t.createTenant();
    const buffer = clientOf(served, apiKey, manualTimer(clock)).eventBuffer({ batchSize: 2, flushIntervalMs: 0 });
    buffer.track({ type: 'login', session_id: 's-z', user_id: 'u', occurred_at: 'yesterday' });
    buffer.track(sessionStart(500)); // the batch is full: sent now, with no caller awaiting it
    await expect(buffer.flush()).rejects.toMatchObject({
      name: 'RejectedEventsError',
      rejected: [expect.objectContaining({ event: expect.objectContaining({ session_id: 's-z' }) })],
    });
    expect(buffer.pending).toHaveLength(0);
    await buffer.close();
  });

  it('a batch that still fails after the retries stays queued, and the next flush delivers it', async () => {
    const { apiKey } = await served.t.createTenant();
    let down = true;
    const client = clientOf(served, apiKey, manualTimer(clock), {
      retry: { maxAttempts: 2 },
      fetch: (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    const buffer = client.eventBuffer({ flushIntervalMs: 0 });
    buffer.track(sessionStart(300));
    await expect(buffer.flush()).rejects.toThrow('fetch failed');
    expect(buffer.pending).toHaveLength(1);
    down = false;
    await buffer.flush();
    expect(buffer.pending).toHaveLength(0);
  });
});
