import { threadId } from 'node:worker_threads';
import { serveThread } from '../../src/lib/thread-server.js';

/** A thread for thread-ports.test.ts: answers each call with its value and the thread that answered. */
serveThread<{ value: number }>((call) => ({ value: call.value, threadId }));
