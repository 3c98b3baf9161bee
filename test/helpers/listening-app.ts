import { ContentFeedClient, type ClientOptions, type Timer } from '../../client/src/index.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Backend, TestDatabase } from './backends.js';
import { holdPort, type HeldPort } from './held-port.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * Stops serving a test app on a held port, dropping the connections its clients
 * keep alive first. Without that, app.close() was seen to wait out Fastify's 72 s
 * keep-alive timeout for an idle connection that had just streamed a push file
 * (1 MB: yes; 30 MB: no); these tests are about the client, not the server's shutdown.
 */
export async function closeListening(held: HeldPort, t: TestApp): Promise<void> {
  await held.close();
  await t.close();
}

export interface ListeningApp {
  /** The app serving now (a new one after each restart). */
  t: TestApp;
  baseUrl: string;
  running: boolean;
  /** Stops the app; the database and the port stay, and connections meanwhile fail. */
  stop(): Promise<void>;
  /** A new app on the same database, clock and port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on a loopback port, as a tenant's backend reaches it, with
 * signed download URLs pointing at that port. It can stop and start again on
 * the same database and port (a restart), which `startTestApp` alone cannot;
 * the port is held throughout, so no other process can take it in between.
 */
export async function startListeningApp(options: TestAppOptions & { backend: Backend; clock: ManualClock }): Promise<ListeningApp> {
  const held = await holdPort();
  const database: TestDatabase = await options.backend.create();
  const kept: TestDatabase = { url: database.url, drop: async () => {} };
  const boot = async () => {
    const t = await startTestApp({ ...options, database: kept, env: { PUBLIC_BASE_URL: held.url, ...options.env } });
    held.serve(t.app.server);
    return t;
  };
  const served: ListeningApp = {
    t: await boot(),
    baseUrl: held.url,
    running: true,
    async stop() {
      served.running = false;
      held.pause();
      await served.t.close();
    },
    async start() {
      served.t = await boot();
      served.running = true;
    },
    async close() {
      if (served.running) await served.stop();
      await held.close();
      await database.drop();
    },
  };
  return served;
}

/** Client time on the server's manual clock: a sleep moves the clock instead of waiting. */
export function manualTimer(clock: ManualClock, onSleep?: (ms: number) => Promise<void> | void): Timer & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => clock.now(),
    async sleep(ms) {
      sleeps.push(ms);
      clock.advance(ms);
      await onSleep?.(ms);
    },
  };
}

/** A client of `served` on its manual clock, with jitter fixed at its midpoint. */
export function clientOf(
  served: { baseUrl: string },
  apiKey: string,
  timer: Timer,
  options: Partial<ClientOptions> = {},
): ContentFeedClient {
  return new ContentFeedClient({ apiKey, baseUrl: served.baseUrl, timer, random: () => 0.5, ...options });
}
