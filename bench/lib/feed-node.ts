import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchBackend, BenchDatabase } from './backends.js';
import { ADMIN_TOKEN, SECRET_KEY } from './bench-service.js';
import type { BenchTarget } from './child.js';
import type { FeedData } from './feed-data.js';
import { builtMain } from './built-service.js';
import { startService } from './service-process.js';

const ALGORITHM = { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] };

/** Milliseconds from the spawn of `content-feed serve` to each step of its start. */
export interface FeedBoot {
  listeningMs: number;
  /** The first GET /v1/feed answered 200 with items: anonymous, then a registered user with a history. */
  firstFeedMs: number;
  firstPersonalMs: number;
}

async function adminPut(base: string, url: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}${url}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
}

/** Asks until GET /v1/feed answers 200 with items (a loading service may answer 503, or 200 without items); ms since `spawned`. */
async function firstFeed(base: string, headers: Record<string, string>, query: string, spawned: number): Promise<number> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${base}/v1/feed?scenario=bench${query}`, { headers });
    const text = await response.text();
    if (response.status === 200 && (JSON.parse(text) as { items: unknown[] }).items.length > 0) return performance.now() - spawned;
    if ((response.status !== 200 && response.status !== 503) || Date.now() > deadline)
      throw new Error(`first GET /v1/feed${query}: ${response.status} ${text.slice(0, 500)}`);
    await sleep(20);
  }
}

/**
 * The feed benchmark's server: `content-feed serve` as production starts it
 * (`node dist/main.js`, built first; event processor, push worker and whatever `serve`
 * starts for the feed, in its process), on `database` and Redis when the backend
 * has it, logging at `warn`. Once it listens: algorithm `bench`, feed scenario
 * `bench` and push scenario `bench-push` through the admin API (a few ms), then
 * the first feeds, timed from the spawn. `nodeArgs` (e.g. --cpu-prof) go to its node.
 */
export async function startFeedNode(
  backend: BenchBackend,
  database: BenchDatabase,
  data: FeedData,
  nodeArgs: string[] = [],
): Promise<{ target: BenchTarget; boot: FeedBoot }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-feed-node-'));
  const env = {
    ADMIN_TOKEN,
    SECRET_KEY,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: backend.redisUrl ?? '',
    OBJECT_STORE_URL: '',
  };
  builtMain(); // compiled before the clock starts: the boot timed is the service's, not tsc's
  const spawned = performance.now();
  // SIGUSR2 writes a heap snapshot (after a full collection) into DATA_DIR: list-memory.ts measures the heap with it.
  const node = await startService(['serve'], env, [...nodeArgs, '--heapsnapshot-signal=SIGUSR2'], dataDir);
  const listeningMs = performance.now() - spawned;
  const base = node.url!;
  const headers = { authorization: `Bearer ${data.apiKey}` };
  const stop = async () => {
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await adminPut(base, `/admin/v1/tenants/${data.tenantId}/algorithms/bench`, ALGORITHM);
    for (const [name, type] of [
      ['bench', 'feed'],
      ['bench-push', 'push'],
    ]) {
      await adminPut(base, `/admin/v1/tenants/${data.tenantId}/scenarios/${name}`, { type, algorithm_id: 'bench' });
    }
    const firstFeedMs = await firstFeed(base, headers, '', spawned);
    const firstPersonalMs = await firstFeed(base, headers, '&user_id=user_1', spawned);
    return {
      target: { url: `${base}/v1/feed?scenario=bench`, headers, info: { baseUrl: base, dataDir }, child: node.process, stop },
      boot: { listeningMs, firstFeedMs, firstPersonalMs },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
