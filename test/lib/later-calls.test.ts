import { afterAll, describe, expect, it } from 'vitest';
import { ThreadClient } from '../../src/lib/thread-client.js';
import type { LaterCall } from './later-thread.js';

/**
 * A ranking thread runs work no request waits for (background re-rankings,
 * push users, sweeps) one call at a time behind requests' rankings
 * (thread-server.ts LaterCalls): a request's ranking waits for at most the one
 * background call running, not for every one queued before it.
 */
describe('calls marked later yield to the others', () => {
  const client = new ThreadClient<LaterCall>('later', new URL('./later-thread.js', import.meta.url), null, (error) => {
    throw error;
  });
  afterAll(() => client.close());

  it('answers a call sent after queued later calls first, and runs later calls one at a time in order', async () => {
    const answered: number[] = [];
    const send = (call: LaterCall) => client.call(call).then((reply) => answered.push(reply.result as number));
    const held = send({ op: 'hold', value: 1, later: true });
    const queued = [send({ op: 'echo', value: 2, later: true }), send({ op: 'echo', value: 3, later: true })];
    await send({ op: 'echo', value: 4 });
    // 2 and 3 came first and would have been answered at once: they wait for 1, still held.
    expect(answered).toEqual([4]);
    await send({ op: 'release', value: 5 });
    await Promise.all([held, ...queued]);
    expect(answered).toEqual([4, 5, 1, 2, 3]);
  });
});
