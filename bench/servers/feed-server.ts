import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/deps.js';

/**
 * The real service on a generated database (bench/lib/feed-data.ts), embedded
 * default: SQLite file, in-memory limiter, event processor and workers running,
 * logging at `warn`. Env: FEED_DATABASE_FILE, FEED_TENANT_ID, FEED_API_KEY.
 * Creates the `bench` feed scenario through the admin API, warms the feed up
 * (its time is the cold start: pool and vector index built), then prints READY.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const tenantId = env('FEED_TENANT_ID');
const apiKey = env('FEED_API_KEY');
const adminToken = 'bench-admin-token-0123456789abcdef';
const secretKey = 'bench-secret-key-0123456789abcdef0123456789';
const config = loadConfig(
  {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-feed-')),
    DATABASE_URL: `sqlite:${env('FEED_DATABASE_FILE')}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ADMIN_TOKEN: adminToken,
    SECRET_KEY: secretKey,
  },
  { readDotEnv: false },
);
const runtime = await createRuntime(config, {
  log: pino({ level: config.logLevel }, pino.destination(process.env.LOG_LEVEL ? 2 : '/dev/null')),
  startWorkers: process.env.BENCH_NO_WORKERS !== '1',
});
const app = await buildApp(runtime.deps);

const admin = { authorization: `Bearer ${adminToken}` };
const algorithm = { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] };
for (const [url, payload] of [
  [`/admin/v1/tenants/${tenantId}/algorithms/bench`, algorithm],
  [`/admin/v1/tenants/${tenantId}/scenarios/bench`, { type: 'feed', algorithm_id: 'bench' }],
] as const) {
  const response = await app.inject({ method: 'PUT', url, headers: admin, payload });
  if (response.statusCode !== 200) throw new Error(`PUT ${url}: ${response.statusCode} ${response.body}`);
}

// Anonymous first (loads the pool), then a user with a history (the first vector
// search trains the index): the cold start, kept out of the measured runs.
const headers = { authorization: `Bearer ${apiKey}` };
const started = performance.now();
for (const query of ['', '&user_id=user_1']) {
  const response = await app.inject({ method: 'GET', url: `/v1/feed?scenario=bench${query}`, headers });
  if (response.statusCode !== 200) throw new Error(`warm-up GET /v1/feed${query}: ${response.statusCode} ${response.body}`);
}
const coldMs = performance.now() - started;

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `READY ${JSON.stringify({
    url: `${address}/v1/feed?scenario=bench`,
    baseUrl: address,
    headers,
    tenantId,
    secretKey,
    coldMs: coldMs.toFixed(0),
    rssMb: (process.memoryUsage().rss / 2 ** 20).toFixed(0),
  })}\n`,
);
process.once('SIGTERM', async () => {
  await app.close();
  await runtime.close();
  process.exit(0);
});
