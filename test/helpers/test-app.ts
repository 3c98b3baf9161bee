import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import type { AppDeps } from '../../src/app-deps.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime, REDACTED_LOG_PATHS } from '../../src/deps.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { Backend, TestDatabase } from './backends.js';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  /** Every log line the app wrote. */
  logs: string[];
  databaseUrl: string;
  dataDir: string;
  admin(method: InjectOptions['method'], url: string, body?: unknown): Promise<LightMyRequestResponse>;
  api(
    key: string,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  createTenant(fields?: Record<string, unknown>): Promise<{ tenantId: string; apiKey: string; keyId: string }>;
  createSource(fields?: Record<string, unknown>): Promise<string>;
  ingest(fields: Record<string, unknown>): Promise<string>;
  /** Applies every logged event now (the processor's work, without waiting for it). */
  processEvents(): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  backend?: Backend;
  database?: TestDatabase;
  env?: Record<string, string>;
  clock?: ManualClock;
  /** Run the background event processor (default: off; tests call `processEvents()`). */
  startWorkers?: boolean;
  /** Routes a test adds before the app is ready (e.g. one that throws). */
  extend?: (app: FastifyInstance) => void;
}

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await (options.backend ?? (await import('./backends.js')).testBackends()[0]!).create());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-data-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ADMIN_TOKEN,
      SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
      LOG_LEVEL: 'info',
      // Rank on the test's own thread (a thread per app would cost a second to start); the
      // ranking-thread suites set it.
      RANKING_THREADS: '0',
      // Likewise events are applied on the test's thread; test/events/event-thread.test.ts sets it.
      EVENT_THREAD: '0',
      ...options.env,
    },
    { readDotEnv: false },
  );
  const clock = options.clock ?? new ManualClock();
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'info', redact: REDACTED_LOG_PATHS }, sink);
  const runtime = await createRuntime(config, { clock, log, startWorkers: options.startWorkers ?? false });
  const app = await buildApp(runtime.deps);
  options.extend?.(app);
  await app.ready();

  const inject = (opts: InjectOptions) => app.inject(opts);
  const admin: TestApp['admin'] = (method, url, body) =>
    inject({
      method,
      url,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const api: TestApp['api'] = (key, method, url, body, headers = {}) =>
    inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const expectStatus = (response: LightMyRequestResponse, status: number) => {
    if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
    return response.json();
  };

  return {
    app,
    deps: runtime.deps,
    clock,
    logs,
    databaseUrl: database.url,
    dataDir,
    admin,
    api,
    // A bare tenant: tests set up the scenarios they need (test/tenants/default-scenarios.test.ts covers the defaults).
    async createTenant(fields = {}) {
      const tenant = expectStatus(
        await admin('POST', '/admin/v1/tenants', { name: 'Tenant', plan: 'starter', default_scenarios: false, ...fields }),
        201,
      );
      const key = expectStatus(await admin('POST', `/admin/v1/tenants/${tenant.id}/api-keys`, {}), 201);
      return { tenantId: tenant.id, apiKey: key.api_key, keyId: key.key_id };
    },
    async createSource(fields = {}) {
      const source = expectStatus(
        await admin('POST', '/admin/v1/sources', { name: 'Source', trust_level: 2, language: 'ja', ...fields }),
        201,
      );
      return source.id;
    },
    async ingest(fields) {
      const item = expectStatus(
        await admin('POST', '/admin/v1/contents', { title: 'Title', published_at: new Date(clock.now()).toISOString(), ...fields }),
        201,
      );
      return item.id;
    },
    processEvents: () => runtime.deps.events.drain(),
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
    },
  };
}

export { ADMIN_TOKEN };
