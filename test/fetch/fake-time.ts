import { ManualClock } from '../../src/lib/clock.js';

/** A clock and a sleep that moves it, so politeness waits are asserted, never slept. */
export function fakeTime(): { clock: ManualClock; now: () => number; sleep: (ms: number) => Promise<void>; sleeps: number[] } {
  const clock = new ManualClock();
  const sleeps: number[] = [];
  return {
    clock,
    now: () => clock.now(),
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Lets every already-settled promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
}
