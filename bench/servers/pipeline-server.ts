import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ingestContent } from '../../src/content/content-service.js';
import { insertSource } from '../../src/content/source-repo.js';
import { createRuntime } from '../../src/deps.js';
import { createTenant, issueApiKey } from '../../src/tenants/tenant-service.js';

/**
 * The full pipeline on the embedded default (SQLite file in DATA_DIR, in-memory
 * limiter), or on the database BENCH_DATABASE_URL names with Redis at
 * BENCH_REDIS_URL: auth, rate limit, validation, credit reservation and ledger,
 * metrics, logging at `warn` (production would log each request at `info`; see
 * RESULTS.md).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-'));
const secretKey = 'bench-secret-key-0123456789abcdef0123456789';
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
    SECRET_KEY: secretKey,
  },
  { readDotEnv: false },
);
const runtime = await createRuntime(config, {
  log: pino({ level: config.logLevel }, pino.destination('/dev/null')),
  startWorkers: process.env.BENCH_NO_WORKERS !== '1',
});
const { deps } = runtime;
const app = await buildApp(deps);

// A custom plan far above the load, so the benchmark measures work, not refusals.
const tenant = await createTenant(deps, { name: 'bench', plan: 'custom', rate_limit_rps: 100_000, usage_cap_credits: 1e9 });
const { apiKey } = await issueApiKey(deps, tenant.id, 'bench');
const now = Date.now();
await insertSource(deps.db, {
  id: 'src_bench',
  name: 'Bench',
  feedUrl: null,
  trustLevel: 2,
  language: 'ja',
  category: 'local',
  active: true,
  createdAt: now,
  updatedAt: now,
});
const { item } = await ingestContent(deps, {
  source_id: 'src_bench',
  url: 'https://news.example/bench',
  title: '渋谷で新しい施設が開業',
  body: '渋谷駅の近くに新しい施設が開業した。'.repeat(4),
  published_at: new Date(now).toISOString(),
  areas: ['渋谷駅'],
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const ready = {
  url: `${address}/v1/contents/${item.id}`,
  baseUrl: address,
  headers: { authorization: `Bearer ${apiKey}` },
  tenantId: tenant.id,
  contentId: item.id,
  secretKey,
};
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
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
