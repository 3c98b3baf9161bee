import { afterAll, describe, expect, it } from 'vitest';
import { PortClient, ThreadClient, ThreadExited } from '../../src/lib/thread-client.js';

type Echo = { value: number; threadId: number };
type EchoCall = { value: number; exhaust?: boolean };

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
    const viaPort = new PortClient<{ value: number }>('echo', client.connect(), (dead) => client.reconnect(dead));
    const answers = await Promise.all([viaPort.call({ value: 2 }), client.call({ value: 3 }), viaPort.call({ value: 4 })]);
    expect(answers.map((a) => (a.result as Echo).value)).toEqual([2, 3, 4]);
    expect(new Set(answers.map((a) => (a.result as Echo).threadId))).toEqual(new Set([direct.threadId]));
    await viaPort.close();
    // A closed port fails its caller, not the thread: direct calls still work.
    await expect(viaPort.call({ value: 5 })).rejects.toThrow();
    expect(((await client.call({ value: 6 })).result as Echo).value).toBe(6);
  });
});

/**
 * Issue 17: a ranking thread that reaches its heap limit (RANKING_THREAD_HEAP_MB) dies. Its
 * client starts another at the next call; a port handed over to another thread (serve's
 * worker thread ranks push users on one) must reach the new thread too, not fail forever.
 */
describe('a thread that runs out of memory', () => {
  const errors: Error[] = [];
  const client = new ThreadClient<EchoCall>(
    'echo',
    new URL('./echo-thread.js', import.meta.url),
    null,
    (error) => errors.push(error),
    true,
    { maxOldGenerationSizeMb: 48 },
  );
  afterAll(() => client.close());

  it('fails the calls it had, and its client and the ports it handed over reach the thread started in its place', async () => {
    const viaPort = new PortClient<EchoCall>('echo', client.connect(), (dead) => client.reconnect(dead));
    const before = ((await viaPort.call({ value: 1 })).result as Echo).threadId;

    await expect(viaPort.call({ value: 2, exhaust: true })).rejects.toBeInstanceOf(ThreadExited);

    const onPort = await viaPort.call({ value: 3 });
    const direct = await client.call({ value: 4 });
    // The port closed before the thread's error reached its client; the reconnect waited for its exit.
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['ERR_WORKER_OUT_OF_MEMORY']);
    expect((onPort.result as Echo).value).toBe(3);
    expect((onPort.result as Echo).threadId).not.toBe(before);
    expect((direct.result as Echo).threadId).toBe((onPort.result as Echo).threadId);
    await viaPort.close();
  });
});
