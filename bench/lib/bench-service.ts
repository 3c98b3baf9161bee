import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/deps.js';

/**
 * The real service, as a bench server child runs it, on a generated database
 * (bench/lib/feed-data.ts): the database BENCH_DATABASE_URL names (a SQLite file
 * or PostgreSQL), Redis when BENCH_REDIS_URL is set (else limits in memory), a
 * local object store in a temp DATA_DIR, event processor and workers running
 * unless BENCH_NO_WORKERS=1, logging at `warn` (LOG_LEVEL to see it on stderr).
 * Env: BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_OBJECT_STORE_URL (file://, shared
 * with worker processes), FEED_TENANT_ID, FEED_API_KEY.
 */
export interface BenchService {
  app: FastifyInstance;
  runtime: Runtime;
  /** http://127.0.0.1:<port>; also the base of signed download URLs. */
  address: string;
  tenantId: string;
  secretKey: string;
  /** The tenant's API key as a request header. */
  headers: Record<string, string>;
  /** Prints the READY line bench/lib/child.ts waits for. */
  ready(url: string, info?: Record<string, string>): void;
}

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
export const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';

export const requiredEnv = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** The service's runtime on BENCH_DATABASE_URL (and BENCH_REDIS_URL), with a temp DATA_DIR removed on exit. */
export async function benchRuntime(options: { startWorkers: boolean }): Promise<Runtime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-service-'));
  // On 'exit', not after runtime.close(): that await never settles (the event writer
  // thread is unref'd), so the process ends by draining its loop.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true })); // push files: hundreds of MB
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: requiredEnv('BENCH_DATABASE_URL'),
      REDIS_URL: process.env.BENCH_REDIS_URL,
      // A directory other processes (a fleet's workers) write to as well; else DATA_DIR/objects.
      OBJECT_STORE_URL: process.env.BENCH_OBJECT_STORE_URL,
      // 2: a second slot ranks another chunk of the running push job (bench/push.bench.ts).
      PUSH_JOB_CONCURRENCY: process.env.PUSH_JOB_CONCURRENCY,
      ITEM_VECTOR_MIN_ARTICLES: process.env.ITEM_VECTOR_MIN_ARTICLES,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ADMIN_TOKEN,
      SECRET_KEY,
    },
    { readDotEnv: false },
  );
  return createRuntime(config, {
    log: pino({ level: config.logLevel }, pino.destination(process.env.LOG_LEVEL ? 2 : '/dev/null')),
    startWorkers: options.startWorkers,
  });
}

/** Listens on port 0, tells the runtime its address, and closes both on SIGTERM. */
export async function listenForBench(app: FastifyInstance, runtime: Runtime): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  runtime.setListenAddress(address);
  // A failed close must still end the process (an async listener's rejection would go unhandled).
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await runtime.close();
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  return address;
}

/**
 * Boots the service, creates algorithm `bench` and each of `scenarios` (name →
 * type) on it through the admin API, and listens on port 0.
 */
export async function startBenchService(setup: {
  algorithm: Record<string, unknown>;
  scenarios: Record<string, 'feed' | 'push'>;
}): Promise<BenchService> {
  const tenantId = requiredEnv('FEED_TENANT_ID');
  const runtime = await benchRuntime({ startWorkers: process.env.BENCH_NO_WORKERS !== '1' });
  const app = await buildApp(runtime.deps);

  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const puts: [string, unknown][] = [
    [`/admin/v1/tenants/${tenantId}/algorithms/bench`, setup.algorithm],
    ...Object.entries(setup.scenarios).map(([name, type]): [string, unknown] => [
      `/admin/v1/tenants/${tenantId}/scenarios/${name}`,
      { type, algorithm_id: 'bench' },
    ]),
  ];
  for (const [url, payload] of puts) {
    const response = await app.inject({ method: 'PUT', url, headers: admin, payload: payload as object });
    if (response.statusCode !== 200) throw new Error(`PUT ${url}: ${response.statusCode} ${response.body}`);
  }

  const address = await listenForBench(app, runtime);
  const headers = { authorization: `Bearer ${requiredEnv('FEED_API_KEY')}` };
  return {
    app,
    runtime,
    address,
    tenantId,
    secretKey: SECRET_KEY,
    headers,
    ready(url, info = {}) {
      const rssMb = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
      process.stdout.write(
        `READY ${JSON.stringify({ url, baseUrl: address, headers, tenantId, secretKey: SECRET_KEY, rssMb, ...info })}\n`,
      );
    },
  };
}
