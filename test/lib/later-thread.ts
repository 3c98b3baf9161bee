import { serveThread } from '../../src/lib/thread-server.js';

/** A thread for later-calls.test.ts: `hold` answers only once `release` is called; calls marked `later` yield to the rest. */
export type LaterCall = { op: 'hold' | 'release' | 'echo'; value: number; later?: boolean };

let release: () => void = () => {};

serveThread<LaterCall>(
  (call) => {
    switch (call.op) {
      case 'hold':
        return new Promise<number>((resolve) => (release = () => resolve(call.value)));
      case 'release':
        release();
        return call.value;
      case 'echo':
        return call.value;
    }
  },
  (call) => call.later === true,
);
