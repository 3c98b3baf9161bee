import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/deps.js';
import { fixtureArticles } from '../test/helpers/fixture-articles.js';
import { NewsSite } from '../test/helpers/news-site.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { withDatabase, type BenchBackend } from './lib/backends.js';

const POLL_INTERVAL_S = 30;
const TRIALS = Number(process.env.BENCH_FRESHNESS_TRIALS ?? 4);

/**
 * Issue 4: time from a new item appearing in a feed (polled every 30 s) to
 * `GET /v1/contents/{id}` serving it, with the real scheduler, politeness
 * delay (1 s) and clock, the service in this process on `backend`. Each trial
 * publishes at a random moment of the poll cycle, so the result spreads over
 * 0–30 s of waiting plus processing.
 */
export async function freshnessBench(_seconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(database.url, backend.redisUrl));
}

async function measure(databaseUrl: string, redisUrl: string | null): Promise<BenchRow[]> {
  const site = await NewsSite.start();
  site.addFeed('/feed.xml', 'rss2', fixtureArticles(20, { publishedAt: new Date(Date.now() - 3_600_000) }));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-fresh-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? undefined,
      ALLOW_PRIVATE_NETWORK_FETCH: 'true',
      LOG_LEVEL: 'warn',
    },
    { readDotEnv: false },
  );
  const runtime = await createRuntime(config, { log: pino({ level: 'warn' }) });
  const app = await buildApp(runtime.deps);
  const admin = { authorization: `Bearer ${runtime.deps.adminToken}` };
  try {
    const tenant = (
      await app.inject({ method: 'POST', url: '/admin/v1/tenants', headers: admin, payload: { name: 'bench', plan: 'enterprise' } })
    ).json();
    const key = (await app.inject({ method: 'POST', url: `/admin/v1/tenants/${tenant.id}/api-keys`, headers: admin, payload: {} })).json()
      .api_key;
    await app.inject({
      method: 'POST',
      url: '/admin/v1/sources',
      headers: admin,
      payload: { name: 'bench', trust_level: 2, feed_url: site.url('/feed.xml'), crawl_interval_seconds: POLL_INTERVAL_S },
    });
    while ((await runtime.deps.db.selectFrom('contents').select('id').execute()).length < 20) await sleep(200);

    const latencies: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      await sleep(Math.random() * POLL_INTERVAL_S * 1000);
      const [article] = fixtureArticles(1, { prefix: `fresh-${trial}`, seed: 100 + trial, publishedAt: new Date() });
      const appeared = Date.now();
      site.publish(article!, '/feed.xml');
      const url = site.url(`/articles/${article!.slug}`);
      for (;;) {
        const row = await runtime.deps.db.selectFrom('contents').select('id').where('url', '=', url).executeTakeFirst();
        if (row && (await app.inject({ url: `/v1/contents/${row.id}`, headers: { authorization: `Bearer ${key}` } })).statusCode === 200)
          break;
        if (Date.now() - appeared > 120_000) throw new Error('item not servable after 120 s');
        await sleep(100);
      }
      latencies.push((Date.now() - appeared) / 1000);
    }
    const metrics = await runtime.deps.metrics.metrics();
    const sum = Number(/^content_freshness_seconds_sum (\S+)$/m.exec(metrics)?.[1]);
    const count = Number(/^content_freshness_seconds_count (\S+)$/m.exec(metrics)?.[1]);
    return [
      {
        name: `freshness: feed → servable, poll ${POLL_INTERVAL_S} s (${TRIALS} items)`,
        value: `max ${Math.max(...latencies).toFixed(1)} s, mean ${(latencies.reduce((a, b) => a + b, 0) / latencies.length).toFixed(1)} s`,
        target: '< 60 s',
      },
      { name: 'freshness: content_freshness_seconds (service-side)', value: `mean ${(sum / count).toFixed(1)} s over ${count}` },
    ];
  } finally {
    await app.close();
    await runtime.close();
    await site.close();
  }
}
