import { createServer } from 'node:net';
import { ContentFeedClient, type ClientOptions, type Timer } from '../../client/src/index.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Backend, TestDatabase } from './backends.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** A port free on loopback now (the OS picks it; we close it at once and listen there). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Closes a test app that listens, dropping the connections its clients keep alive
 * first. Without it, app.close() was seen to wait out Fastify's 72 s keep-alive
 * timeout for an idle connection that had just streamed a push file (1 MB: yes;
 * 30 MB: no); these tests are about the client, not about the server's shutdown.
 */
export async function closeListening(t: TestApp): Promise<void> {
  t.app.server.closeAllConnections();
  await t.close();
}

export interface ListeningApp {
  /** The app serving now (a new one after each restart). */
  t: TestApp;
  baseUrl: string;
  running: boolean;
  /** Closes the server; the database stays. */
  stop(): Promise<void>;
  /** A new app on the same database, clock and port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on a loopback port, as a tenant's backend reaches it, with
 * signed download URLs pointing at that port. It can stop and start again on
 * the same database (a restart), which `startTestApp` alone cannot.
 */
export async function startListeningApp(options: TestAppOptions & { backend: Backend; clock: ManualClock }): Promise<ListeningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database: TestDatabase = await options.backend.create();
  const kept: TestDatabase = { url: database.url, drop: async () => {} };
  const boot = async () => {
    const t = await startTestApp({ ...options, database: kept, env: { PUBLIC_BASE_URL: baseUrl, ...options.env } });
    await t.app.listen({ port, host: '127.0.0.1' });
    return t;
  };
  const served: ListeningApp = {
    t: await boot(),
    baseUrl,
    running: true,
    async stop() {
      served.running = false;
      await closeListening(served.t);
    },
    async start() {
      served.t = await boot();
      served.running = true;
    },
    async close() {
      if (served.running) await served.stop();
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
