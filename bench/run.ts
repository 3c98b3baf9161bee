import { cpus, totalmem } from 'node:os';
import { contentsPipelineBench, type BenchRow } from './contents-pipeline.bench.js';
import { analysisBench } from './analysis.bench.js';
import { eventsBench } from './events.bench.js';
import { feedBench } from './feed.bench.js';
import { freshnessBench } from './freshness.bench.js';
import { pushBench } from './push.bench.js';
import { thumbnailsBench } from './thumbnails.bench.js';

/**
 * `npm run bench [-- NAME…]`: runs the benchmarks and prints one table.
 * BENCH_SECONDS sets the measured duration of each load run (default 10).
 */
const BENCHES: Record<string, (seconds: number) => Promise<BenchRow[]>> = {
  contents: contentsPipelineBench,
  events: eventsBench,
  analysis: analysisBench,
  freshness: freshnessBench,
  feed: feedBench,
  push: pushBench,
  thumbnails: thumbnailsBench,
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const selected = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = selected.length > 0 ? selected : Object.keys(BENCHES);

console.log(`content-feed benchmarks — ${new Date().toISOString()}`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`);
const rows: BenchRow[] = [];
for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
  rows.push(...(await bench(seconds)));
}
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`| ${'benchmark'.padEnd(width)} | result | target |`);
console.log(`|${'-'.repeat(width + 2)}|--------|--------|`);
for (const row of rows) console.log(`| ${row.name.padEnd(width)} | ${row.value} | ${row.target ?? ''} |`);
