import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchRow } from './contents-pipeline.bench.js';
import { ADMIN_TOKEN } from './lib/bench-service.js';
import { startTarget } from './lib/child.js';
import { generateFeedData } from './lib/feed-data.js';
import { FeedClient } from './quality/feed-client.js';
import { GOOD_VARIANT, runSimulation, WORSE_VARIANT, type SimulationResult } from './quality/experiment-simulation.js';

/**
 * `npm run bench:quality`, the experiment run (issue 22): simulated readers face
 * two variants of the `bench` scenario, one of which ranks what they like better
 * (bench/quality/experiment-simulation.ts: each reader follows the source it likes;
 * `personal` ranks followed sources up, `fresh` by age alone). A reader clicks an
 * item of its liked source with probability 0.25, any other with 0.03. Readers
 * arrive until the results call a winner, read every 50 readers; a variant needs
 * 300 users before one is called. Reports, per fixed seed, the winner and the
 * readers it took, and in days at 1,000 new readers a day. The worse variant must
 * never be called. BENCH_EXPERIMENT_SEEDS (default 10) sets how many seeds.
 */
const SEEDS = Number(process.env.BENCH_EXPERIMENT_SEEDS ?? 10);
const READERS_PER_DAY = 1000;
/**
 * Readers between two trainings (BENCH_EXPERIMENT_TRAIN_EVERY; 0: none). Workers
 * train every 5 minutes (MODEL_TRAIN_INTERVAL_S), 3.5 readers at 1,000 a day; the
 * run is too short for that schedule to fire, so it trains itself, a little less
 * often than that. Each variant's weights are fitted once it has 30 clicks.
 */
const TRAIN_EVERY = Number(process.env.BENCH_EXPERIMENT_TRAIN_EVERY ?? 10);

const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-experiment-'));
const databaseFile = path.join(dir, 'feed.sqlite');
const data = await generateFeedData({
  databaseUrl: `sqlite:${databaseFile}`,
  items: 2000,
  sources: 12,
  users: 0,
  usersWithHistory: 0,
  historyPerUser: 0,
  publishedWithinHours: 72,
});
const target = await startTarget('bench/servers/feed-server.ts', {
  BENCH_DATABASE_URL: `sqlite:${databaseFile}`,
  FEED_TENANT_ID: data.tenantId,
  FEED_API_KEY: data.apiKey,
});
const client = new FeedClient(target.info.baseUrl!, target.headers, 'bench');
const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

const results: SimulationResult[] = [];
const rows: BenchRow[] = [];
/** Per training, how many (scenario, algorithm) weight sets it fitted. */
const trainings: number[] = [];
try {
  for (let seed = 1; seed <= SEEDS; seed++) {
    results.push(
      await runSimulation(
        {
          async admin(method, urlPath, body) {
            const response = await fetch(`${target.info.baseUrl}${urlPath}`, {
              method,
              headers: body === undefined ? adminHeaders : { ...adminHeaders, 'content-type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
            return { status: response.status, body: await response.json().catch(() => null) };
          },
          putUser: (userId) => client.putUser(userId, {}),
          follow: (userId, sourceId) => client.follow(userId, sourceId),
          feed: (userId, limit) => client.feed(userId, limit),
          async events(events) {
            const response = await fetch(`${target.info.baseUrl}/v1/events`, {
              method: 'POST',
              headers: { ...target.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ events }),
            });
            if (response.status !== 202) throw new Error(`events: ${response.status} ${await response.text()}`);
          },
          now: () => Date.now(),
          async train() {
            const response = await fetch(`${target.info.baseUrl}/admin/v1/tenants/${data.tenantId}/model/train`, {
              method: 'POST',
              headers: adminHeaders,
            });
            // 409: the workers' own schedule is training the tenant at this moment; that run fits too.
            if (response.status !== 200 && response.status !== 409) throw new Error(`train: ${response.status} ${await response.text()}`);
            const fitted = response.status === 200 ? ((await response.json()) as { fitted_weights: unknown[] }).fitted_weights.length : 0;
            trainings.push(fitted);
          },
        },
        {
          tenantId: data.tenantId,
          scenario: 'bench',
          sources: data.sources.map((s) => s.id),
          seed,
          minUsersPerVariant: 300,
          maxUsers: 4000,
          checkEvery: 50,
          likedClick: 0.25,
          otherClick: 0.03,
          trainEvery: TRAIN_EVERY,
        },
      ),
    );
  }
  const called = results
    .filter((r) => r.winner === GOOD_VARIANT)
    .map((r) => r.users)
    .sort((a, b) => a - b);
  const wrong = results.filter((r) => r.winner === WORSE_VARIANT).length;
  for (const r of results) {
    rows.push({
      name: `seed ${r.seed}`,
      value:
        `${r.winner ?? 'no winner'} after ${r.users} readers (${(r.users / READERS_PER_DAY).toFixed(1)} days at ${READERS_PER_DAY}/day); ` +
        `users who clicked: ${Object.entries(r.conversion)
          .map(([v, c]) => `${v} ${(c * 100).toFixed(1)} %`)
          .join(', ')}; p ${r.pValue?.toExponential(2) ?? '—'}; ${await weightsInUse(r.seed)}`,
    });
  }
  rows.push(
    {
      name: 'right winner called',
      value:
        `${called.length} of ${results.length} seeds; ` +
        `readers: median ${called[Math.floor(called.length / 2)] ?? '—'}, most ${called.at(-1) ?? '—'}`,
      target: `${results.length} of ${results.length}`,
    },
    { name: 'worse variant called', value: `${wrong} of ${results.length}`, target: '0' },
    {
      name: 'trainings',
      value: `${trainings.length} (every ${TRAIN_EVERY} readers), ${trainings.filter((n) => n > 0).length} of them fitted weights`,
    },
  );
} finally {
  await target.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** Each variant's weights at the end of a seed, as the console preview shows them (fitted per variant when learned_weights is on). */
async function weightsInUse(seed: number): Promise<string> {
  const parts: string[] = [];
  for (const variant of [WORSE_VARIANT, GOOD_VARIANT]) {
    const response = await fetch(
      `${target.info.baseUrl}/admin/v1/tenants/${data.tenantId}/scenarios/bench/preview?algorithm_id=sim-${variant}-${seed}&limit=1`,
      { headers: adminHeaders },
    );
    const { weights } = ((await response.json()) as { meta: { weights: { source: string; in_use: Record<string, number> } } }).meta;
    const nonZero = Object.entries(weights.in_use)
      .filter(([, w]) => w > 0)
      .map(([k, w]) => `${k} ${w}`);
    parts.push(`${variant} ${weights.source}: ${nonZero.join(', ') || 'all 0'}`);
  }
  return parts.join('; ');
}

console.log(`content-feed experiment quality — ${new Date().toISOString()}\n`);
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`| ${'measure'.padEnd(width)} | result | target |`);
console.log(`|${'-'.repeat(width + 2)}|--------|--------|`);
for (const row of rows) console.log(`| ${row.name.padEnd(width)} | ${row.value} | ${row.target ?? ''} |`);
if (results.some((r) => r.winner === WORSE_VARIANT)) process.exitCode = 1;
