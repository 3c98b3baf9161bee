import { BroadcastChannel } from 'node:worker_threads';

/** The background workers that can be told new work is waiting (each has `wake()`). */
export interface Wakeable {
  events: { wake(): void };
  push: { wake(): void };
  webhooks: { wake(): void };
  crawler: { wake(): void };
}

type Work = keyof Wakeable;

const channelName = (name: string) => `content-feed:work:${name}`;

/**
 * The HTTP thread's workers are never started when the background work runs on
 * its own thread (worker-thread.ts); their `wake()` ("an event was stored", "a
 * push job was created") tells that thread instead, so it does not wait for
 * its next poll. Returns a function that stops forwarding.
 */
export function forwardWakes(workers: Wakeable, name: string): () => void {
  const channel = new BroadcastChannel(channelName(name));
  channel.unref();
  let open = true;
  // A wake after the runtime closed (a late callback) has no thread left to tell.
  for (const work of Object.keys(workers) as Work[]) workers[work].wake = () => open && channel.postMessage(work);
  return () => {
    open = false;
    channel.close();
  };
}

/** The worker thread's side: wakes its own workers when the HTTP thread says so. Returns a function that stops listening. */
export function listenForWakes(workers: Wakeable, name: string): () => void {
  const channel = new BroadcastChannel(channelName(name));
  channel.unref();
  channel.onmessage = (message) => {
    const work = (message as { data: Work }).data;
    workers[work]?.wake();
  };
  return () => channel.close();
}
