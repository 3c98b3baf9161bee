import { cpus, totalmem } from 'node:os';
import { contentsPipelineBench, type BenchRow } from './contents-pipeline.bench.js';
import { analysisBench } from './analysis.bench.js';
import { categoriesBench } from './categories.bench.js';
import { eventBatchesBench } from './event-batches.bench.js';
import { eventsBench } from './events.bench.js';
import { feedBench } from './feed.bench.js';
import { fleetBench } from './fleet.bench.js';
import { freshnessBench } from './freshness.bench.js';
import { itemVectorsBench } from './item-vectors.bench.js';
import { benchBackends, type BenchBackend } from './lib/backends.js';
import { pushBench } from './push.bench.js';
import { rankingBench } from './ranking.bench.js';
import { soakBench } from './soak.bench.js';
import { thumbnailsBench } from './thumbnails.bench.js';
import { trainingBench } from './training.bench.js';

/**
 * `npm run bench [-- NAME…]`: runs the benchmarks and prints one table.
 * BENCH_SECONDS sets the measured duration of each load run (default 10).
 * With DATABASE_URL (postgres://…) and REDIS_URL set, every benchmark that
 * runs the service runs on the embedded default and again on PostgreSQL +
 * Redis (a fresh database each, dropped afterwards), and `fleet` joins the
 * default list. BENCH_BACKENDS=sqlite (or postgres+redis) keeps one of them.
 * `soak` (SOAK_MINUTES, default 30) runs only when named.
 */
interface Bench {
  run(seconds: number, backend: BenchBackend): Promise<BenchRow[]>;
  /**
   * each: once per backend (it runs the service). once: pure in-process code, backend-independent.
   * scale-out: needs PostgreSQL + Redis, and compares with SQLite itself (its rows name their setup).
   */
  on: 'each' | 'once' | 'scale-out';
  /** Runs only when named (`npm run bench -- soak`): too long for the default list. */
  onlyWhenNamed?: boolean;
}

const BENCHES: Record<string, Bench> = {
  contents: { run: contentsPipelineBench, on: 'each' },
  events: { run: eventsBench, on: 'each' },
  'event-batches': { run: eventBatchesBench, on: 'each' },
  analysis: { run: analysisBench, on: 'once' },
  categories: { run: categoriesBench, on: 'once' },
  'item-vectors': { run: itemVectorsBench, on: 'once' },
  freshness: { run: freshnessBench, on: 'each' },
  feed: { run: feedBench, on: 'each' },
  push: { run: pushBench, on: 'each' },
  ranking: { run: rankingBench, on: 'once' },
  thumbnails: { run: thumbnailsBench, on: 'each' },
  training: { run: trainingBench, on: 'each' },
  fleet: { run: fleetBench, on: 'scale-out' },
  soak: { run: soakBench, on: 'each', onlyWhenNamed: true },
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { backends: available, skipped: reason } = benchBackends();
const skipped = reason && `PostgreSQL + Redis rows skipped: ${reason} (set DATABASE_URL=postgres://… and REDIS_URL=redis://… to run them)`;
const only = process.env.BENCH_BACKENDS?.split(',');
const backends = only ? available.filter((b) => only.includes(b.name)) : available;
const scaleOut = available.find((b) => b.name === 'postgres+redis');
const selected = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names =
  selected.length > 0
    ? selected
    : Object.keys(BENCHES).filter((n) => !BENCHES[n]!.onlyWhenNamed && (BENCHES[n]!.on !== 'scale-out' || scaleOut));
for (const name of names) if (!BENCHES[name]) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHES).join(', ')}`);

console.log(`content-feed benchmarks — ${new Date().toISOString()}`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log(`backends: ${backends.map((b) => b.name).join(', ')}${skipped ? ` (${skipped})` : ''}\n`);

const rows: BenchRow[] = [];
let failed = false;
for (const name of names) {
  const bench = BENCHES[name]!;
  const runs: (BenchBackend | null)[] = bench.on === 'each' ? backends : bench.on === 'once' ? [backends[0]!] : [scaleOut ?? null];
  for (const backend of runs) {
    const label = bench.on === 'once' ? 'any' : (backend?.name ?? 'postgres+redis');
    if (!backend) {
      rows.push({ name, backend: label, value: `skipped: ${reason}` });
      continue;
    }
    const started = performance.now();
    try {
      const measured = await bench.run(seconds, backend);
      rows.push(...measured.map((row) => ({ ...row, backend: row.backend ?? label })));
    } catch (error) {
      // One failing benchmark should not cost the rest of a 25-minute run.
      failed = true;
      console.error(`${name} on ${label} failed:`, error);
      rows.push({ name, backend: label, value: `FAILED: ${(error as Error).message.split('\n')[0]}` });
    }
    console.log(`[${name} on ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s]`);
  }
}

const width = Math.max(9, ...rows.map((r) => r.name.length));
const backendWidth = Math.max(7, ...rows.map((r) => r.backend!.length));
console.log(`\n| ${'benchmark'.padEnd(width)} | ${'backend'.padEnd(backendWidth)} | result | target |`);
console.log(`|${'-'.repeat(width + 2)}|${'-'.repeat(backendWidth + 2)}|--------|--------|`);
for (const row of rows)
  console.log(`| ${row.name.padEnd(width)} | ${row.backend!.padEnd(backendWidth)} | ${row.value} | ${row.target ?? ''} |`);
if (skipped) console.log(`\n${skipped}.`);
if (failed) process.exitCode = 1;
