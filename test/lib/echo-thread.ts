import { threadId } from 'node:worker_threads';
import { serveThread } from '../../src/lib/thread-server.js';

/**
 * A thread for thread-ports.test.ts: answers each call with its value and the thread that answered;
 * `exhaust` allocates until the thread reaches its heap limit and dies.
 */
serveThread<{ value: number; exhaust?: boolean }>((call) => {
  const kept: number[][] = [];
  while (call.exhaust) kept.push(Array.from({ length: 10_000 }, (_, i) => i));
  return { value: call.value, threadId };
});
