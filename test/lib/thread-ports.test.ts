import { afterAll, describe, expect, it } from 'vitest';
import { PortClient, ThreadClient } from '../../src/lib/thread-client.js';

type Echo = { value: number; threadId: number };

/**
 * serve's worker thread ranks push users on the HTTP thread's ranking threads
 * through ports their clients hand over (ranking-threads.ts `connect`/`over`):
 * a call on such a port is answered by the same thread, not a new one.
 */
describe('a thread answers on ports its client hands over', () => {
  const client = new ThreadClient<{ value: number }>('echo', new URL('./echo-thread.js', import.meta.url), null, (error) => {
    throw error;
  });
  afterAll(() => client.close());

  it('answers calls on the port from the same thread, in order, beside its own', async () => {
    const direct = (await client.call({ value: 1 })).result as Echo;
    const viaPort = new PortClient<{ value: number }>('echo', client.connect());
    const answers = await Promise.all([viaPort.call({ value: 2 }), client.call({ value: 3 }), viaPort.call({ value: 4 })]);
    expect(answers.map((a) => (a.result as Echo).value)).toEqual([2, 3, 4]);
    expect(new Set(answers.map((a) => (a.result as Echo).threadId))).toEqual(new Set([direct.threadId]));
    await viaPort.close();
    // A closed port fails its caller, not the thread: direct calls still work.
    await expect(viaPort.call({ value: 5 })).rejects.toThrow();
    expect(((await client.call({ value: 6 })).result as Echo).value).toBe(6);
  });
});
