import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { seededRandom } from '../src/lib/seeded-random.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import type { BenchBackend } from './lib/backends.js';

const USERS = 100_000;
const INTERACTIONS = 1_000_000;
const ITEMS = 20_000;
const GROUPS = 50;
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Issue 16: one training of a tenant with 100,000 users × 1,000,000
 * interactions (clicks in user_content_signals, 10 a user on average, a few
 * users with hundreds), on 20,000 items with 50 taste groups and a popular
 * head. The training runs alone in a child process (bench/servers/train-tenant.ts),
 * so its time, CPU and peak memory are its own.
 */
export async function trainingBench(_seconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  const database = await backend.createDatabase();
  try {
    const started = performance.now();
    const handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    const tenantId = 'ten_training_bench';
    await fill(handle.db, tenantId);
    await handle.close();
    const fillMs = performance.now() - started;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/servers/train-tenant.ts')], {
      cwd: ROOT,
      env: { ...process.env, BENCH_DATABASE_URL: database.url, FEED_TENANT_ID: tenantId },
      maxBuffer: 1 << 20,
    });
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    return [
      {
        name: `training ${backend.name}: data`,
        value: `${r.users} users, ${r.items} items, ${r.interactions} interactions (written in ${(fillMs / 1000).toFixed(0)} s)`,
      },
      {
        name: `training ${backend.name}: one run`,
        value:
          `${(r.totalMs! / 1000).toFixed(1)} s (read ${(r.readMs! / 1000).toFixed(1)} s, factorise ` +
          `${(r.trainMs! / 1000).toFixed(1)} s, store the rest); CPU ${(r.cpuMs! / 1000).toFixed(1)} s`,
      },
      { name: `training ${backend.name}: memory`, value: `peak RSS ${r.peakRssMb} MB (process at start ${r.rssBeforeMb} MB)` },
    ];
  } finally {
    await database.drop();
  }
}

/** The tenant and its interactions: users' sizes long-tailed, items from their group (70 %) or the popular head. */
async function fill(db: Kysely<Database>, tenantId: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('tenants')
    .values({
      id: tenantId,
      name: 'training bench',
      plan: 'custom',
      rate_limit_rps: null,
      usage_cap_millicredits: null,
      billing_anchor_day: 1,
      webhook_url: null,
      webhook_secret: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const random = seededRandom(16);
  const groupItems = ITEMS / GROUPS;
  let written = 0;
  let batch: { tenant_id: string; user_id: string; content_id: string; clicks: number; updated_at: number; last_click_at: number }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 4000)
        await trx
          .insertInto('user_content_signals')
          .values(rows.slice(i, i + 4000))
          .execute();
    });
  };
  for (let u = 0; u < USERS && written < INTERACTIONS; u++) {
    const group = u % GROUPS;
    // Mean 10, a long tail: most read a few, some hundreds.
    const wanted = Math.min(500, Math.max(1, Math.round(-Math.log(1 - random()) * 9.5)), INTERACTIONS - written);
    const items = new Set<number>();
    while (items.size < wanted)
      items.add(random() < 0.7 ? group * groupItems + Math.floor(random() * groupItems) : Math.floor(Math.pow(random(), 3) * ITEMS));
    for (const item of items)
      batch.push({
        tenant_id: tenantId,
        user_id: `u${String(u).padStart(6, '0')}`,
        content_id: `cnt_${item}`,
        clicks: 1,
        updated_at: now - Math.floor(random() * 7 * 86_400_000),
        last_click_at: now,
      });
    written += items.size;
    if (batch.length >= 40_000) await flush();
  }
  await flush();
}
