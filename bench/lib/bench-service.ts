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
 * Env: BENCH_DATABASE_URL, BENCH_REDIS_URL, FEED_TENANT_ID, FEED_API_KEY.
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

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** Boots the service, creates algorithm `bench` and scenario `name` of `type` through the admin API, and listens on port 0. */
export async function startBenchService(scenario: { name: string; type: 'feed' | 'push'; algorithm: Record<string, unknown> }): Promise<BenchService> {
  const tenantId = env('FEED_TENANT_ID');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-service-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: env('BENCH_DATABASE_URL'),
      REDIS_URL: process.env.BENCH_REDIS_URL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ADMIN_TOKEN,
      SECRET_KEY,
    },
    { readDotEnv: false },
  );
  const runtime = await createRuntime(config, {
    log: pino({ level: config.logLevel }, pino.destination(process.env.LOG_LEVEL ? 2 : '/dev/null')),
    startWorkers: process.env.BENCH_NO_WORKERS !== '1',
  });
  const app = await buildApp(runtime.deps);

  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  for (const [url, payload] of [
    [`/admin/v1/tenants/${tenantId}/algorithms/bench`, scenario.algorithm],
    [`/admin/v1/tenants/${tenantId}/scenarios/${scenario.name}`, { type: scenario.type, algorithm_id: 'bench' }],
  ] as const) {
    const response = await app.inject({ method: 'PUT', url, headers: admin, payload });
    if (response.statusCode !== 200) throw new Error(`PUT ${url}: ${response.statusCode} ${response.body}`);
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  runtime.setListenAddress(address);
  // On 'exit', not after runtime.close(): that await never settles (the event writer
  // thread is unref'd), so the process ends by draining its loop.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true })); // push files: hundreds of MB
  process.once('SIGTERM', async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  });
  const headers = { authorization: `Bearer ${env('FEED_API_KEY')}` };
  return {
    app,
    runtime,
    address,
    tenantId,
    secretKey: SECRET_KEY,
    headers,
    ready(url, info = {}) {
      const rssMb = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
      process.stdout.write(`READY ${JSON.stringify({ url, baseUrl: address, headers, tenantId, secretKey: SECRET_KEY, rssMb, ...info })}\n`);
    },
  };
}
