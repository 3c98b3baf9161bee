import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/deps.js';

/**
 * The thumbnail proxy on the embedded default (SQLite file and local object
 * store in a temp DATA_DIR, in-memory limiter), or on the database
 * BENCH_DATABASE_URL names with Redis at BENCH_REDIS_URL, logging at `warn`. Sets up a
 * tenant, a source and THUMB_ARTICLES articles whose images are at
 * THUMB_ORIGIN/photo-<n>.jpg (1200 × 800) through the admin API, then prints
 * READY with the items' `thumbnail.url`s (space-separated in `thumbnails`).
 * ALLOW_PRIVATE_NETWORK_FETCH=true so the SSRF guard lets it reach loopback.
 */
const origin = process.env.THUMB_ORIGIN;
if (!origin) throw new Error('THUMB_ORIGIN is required');
const articles = Number(process.env.THUMB_ARTICLES ?? 30);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-thumbs-'));
const adminToken = 'bench-admin-token-0123456789abcdef';
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ADMIN_TOKEN: adminToken,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  },
  { readDotEnv: false },
);
const runtime = await createRuntime(config, {
  log: pino({ level: config.logLevel }, pino.destination(process.env.LOG_LEVEL ? 2 : '/dev/null')),
  startWorkers: process.env.BENCH_NO_WORKERS !== '1',
});
const app = await buildApp(runtime.deps);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
runtime.setListenAddress(address); // thumbnail URLs are built on the listen address

const call = async (method: 'GET' | 'POST', url: string, payload: unknown, authorization: string, status: number) => {
  const response = await app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<Record<string, any>>();
};
const admin = `Bearer ${adminToken}`;
const tenant = await call(
  'POST',
  '/admin/v1/tenants',
  { name: 'bench', plan: 'custom', rate_limit_rps: 100_000, usage_cap_credits: 1e9 },
  admin,
  201,
);
const { api_key: apiKey } = await call('POST', `/admin/v1/tenants/${tenant.id}/api-keys`, {}, admin, 201);
const source = await call('POST', '/admin/v1/sources', { name: 'Photos', trust_level: 2, language: 'ja' }, admin, 201);
const thumbnails: string[] = [];
for (let n = 0; n < articles; n++) {
  const item = await call(
    'POST',
    '/admin/v1/contents',
    {
      source_id: source.id,
      url: `https://news.example/thumbs/${n}`,
      title: `写真の記事 ${n}`,
      body: '本文です。',
      published_at: new Date().toISOString(),
      thumbnail_url: `${origin}/photo-${n}.jpg`,
      thumbnail_width: 1200,
      thumbnail_height: 800,
    },
    admin,
    201,
  );
  const view = await call('GET', `/v1/contents/${item.id}`, undefined, `Bearer ${apiKey}`, 200);
  thumbnails.push(view.thumbnail.url);
}

process.stdout.write(`READY ${JSON.stringify({ url: thumbnails[0], baseUrl: address, headers: {}, thumbnails: thumbnails.join(' ') })}\n`);
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
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
