import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop } from '../../src/lib/background-loop.js';

const POLL_MS = 1000;
const SETTLE_MS = 100;

/** A loop whose passes the test ends by hand: `passes` counts those begun, `finish(more)` ends the one in flight. */
function handLoop(settleMs?: number) {
  const ends: ((more: boolean) => void)[] = [];
  const errors: unknown[] = [];
  let fail: Error | null = null;
  const state = { passes: 0 };
  const loop = new BackgroundLoop({
    pollMs: POLL_MS,
    settleMs,
    onError: (err) => errors.push(err),
    pass: () => {
      state.passes += 1;
      if (fail) return Promise.reject(fail);
      return new Promise<boolean>((resolve) => ends.push(resolve));
    },
  });
  return {
    loop,
    state,
    errors,
    failNext: (err: Error | null) => (fail = err),
    /** Ends the pass in flight and lets the loop react to it. */
    finish: async (more = false) => {
      const end = ends.shift();
      if (!end) throw new Error('no pass in flight');
      end(more);
      await settle();
    },
  };
}

/** The loop reacts to a pass's end on promise callbacks: let them run. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('BackgroundLoop', () => {
  afterEach(() => vi.useRealTimers());

  it('runs nothing before start; start runs a pass at once', async () => {
    const { loop, state, finish } = handLoop();
    loop.wake();
    expect(state.passes).toBe(0);
    loop.start();
    expect(state.passes).toBe(1);
    await finish();
    await loop.stop();
  });

  it('after a pass that found nothing, the next waits the poll interval, or a wake', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, finish } = handLoop();
    loop.start();
    await finish();
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(state.passes).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.passes).toBe(2);
    await finish();
    loop.wake();
    expect(state.passes).toBe(3);
    await finish();
    // The wake replaced the poll: one interval after that pass, not two passes.
    vi.advanceTimersByTime(POLL_MS);
    expect(state.passes).toBe(4);
    await finish();
    await loop.stop();
  });

  it('a pass with more waiting is followed at once by the next', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, finish } = handLoop();
    loop.start();
    await finish(true);
    expect(state.passes).toBe(2);
    await finish(false);
    expect(state.passes).toBe(2);
    await loop.stop();
  });

  it('wakes during a pass run one more pass right after it, not one each', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, finish } = handLoop();
    loop.start();
    loop.wake();
    loop.wake();
    expect(state.passes).toBe(1);
    await finish();
    expect(state.passes).toBe(2);
    await finish();
    expect(state.passes).toBe(2);
    await loop.stop();
  });

  it('with settleMs, wakes wait that long and are taken together in one pass', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, finish } = handLoop(SETTLE_MS);
    loop.start();
    await finish();
    loop.wake();
    vi.advanceTimersByTime(SETTLE_MS - 1);
    loop.wake(); // does not push the pass back
    expect(state.passes).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.passes).toBe(2);
    loop.wake(); // during the pass: the next follows SETTLE_MS after it, not at once
    await finish();
    expect(state.passes).toBe(2);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(state.passes).toBe(3);
    await finish(true); // a full pass is still followed at once
    expect(state.passes).toBe(4);
    await finish();
    // No wake: the poll interval.
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(state.passes).toBe(4);
    vi.advanceTimersByTime(1);
    expect(state.passes).toBe(5);
    await finish();
    await loop.stop();
  });

  it('stop waits for the pass in flight, and no pass starts after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, finish } = handLoop();
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    await finish(true);
    await stopping;
    expect(stopped).toBe(true);
    loop.wake();
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(state.passes).toBe(1);
  });

  it('a failing pass is reported and tried again at the poll, not at a wake during it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { loop, state, errors, failNext, finish } = handLoop();
    const down = new Error('database down');
    failNext(down);
    loop.start();
    loop.wake();
    await settle();
    expect(errors).toEqual([down]);
    expect(state.passes).toBe(1);
    failNext(null);
    vi.advanceTimersByTime(POLL_MS);
    expect(state.passes).toBe(2);
    await finish();
    await loop.stop();
  });

  it('its poll timer does not hold the process open', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const { loop, finish } = handLoop();
    loop.start();
    await finish();
    expect(timers()).toBe(before);
    await loop.stop();
  });
});
