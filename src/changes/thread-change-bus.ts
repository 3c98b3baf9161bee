import { BroadcastChannel } from 'node:worker_threads';
import { LocalChangeBus, type Change, type ChangeBus } from './change-bus.js';

/**
 * The change bus of one process whose background work runs on a thread of its
 * own (src/workers/): a change published on any thread reaches the
 * subscribers of every thread, as LISTEN/NOTIFY does for a fleet's processes.
 * `name` keeps processes' runtimes apart when tests build several in one process.
 */
export class ThreadChangeBus implements ChangeBus {
  private readonly local = new LocalChangeBus();
  private readonly channel: BroadcastChannel;

  constructor(name: string) {
    this.channel = new BroadcastChannel(`content-feed:changes:${name}`);
    // A BroadcastChannel holds the event loop open; the runtime's own handles decide when the process ends.
    this.channel.unref();
    this.channel.onmessage = (message) => this.local.deliver((message as { data: Change }).data);
  }

  publish(change: Change): void {
    this.local.publish(change);
    this.channel.postMessage(change);
  }

  subscribe(listener: (change: Change) => void): void {
    this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.channel.close();
  }
}
