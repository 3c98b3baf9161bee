/**
 * The first seconds after a start (issue 15): boots the feed node on the feed bench's kept
 * data, then asks a first page for a new registered user every 100 ms for
 * BENCH_PROBE_SECONDS (default 15), each a ranking while the pool's rest loads, its index
 * trains and its first reconcile runs. Prints the boot times and the pages' latency (p50,
 * p99, max, and the five slowest with when they were sent).
 *
 *   BENCH_FEED_DATA=/tmp/feeddata/d npx tsx bench/feed-start-probe.ts
 *
 * BENCH_FEED_DATA must name data a run of `npm run bench -- feed` kept (bench/lib/feed-data-cache.ts).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sqliteBackend } from './lib/backends.js';
import type { FeedData } from './lib/feed-data.js';
import { startFeedNode } from './lib/feed-node.js';

const prefix = process.env.BENCH_FEED_DATA;
if (!prefix || !existsSync(`${prefix}.sqlite`)) {
  process.stderr.write('BENCH_FEED_DATA=<prefix> of data kept by `npm run bench -- feed` is required\n');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_PROBE_SECONDS ?? 15);
const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-bench-start-probe-')), 'db.sqlite');
copyFileSync(`${prefix}.sqlite`, file);
const data = JSON.parse(readFileSync(`${prefix}.json`, 'utf8')) as FeedData;
const { target, boot } = await startFeedNode(sqliteBackend, { url: `sqlite:${file}`, drop: async () => {} }, data);
const base = (target.info as { baseUrl: string }).baseUrl;

const pages: { sentAt: number; ms: number }[] = [];
const pending: Promise<void>[] = [];
const start = performance.now();
for (let n = 0; performance.now() - start < seconds * 1000; n++) {
  const sent = performance.now();
  // Users past the bench's first 1,000: none has a list yet, so each page is a ranking.
  const url = `${base}/v1/feed?scenario=bench&user_id=user_${1000 + n}`;
  pending.push(
    fetch(url, { headers: target.headers }).then(async (response) => {
      await response.arrayBuffer();
      pages.push({ sentAt: sent - start, ms: performance.now() - sent });
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await Promise.all(pending);
await target.stop();

const sorted = pages.map((p) => p.ms).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
const slowest = [...pages]
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5)
  .map((p) => `${p.ms.toFixed(0)} ms sent at ${(p.sentAt / 1000).toFixed(1)} s`);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pagesLine = `${pages.length} new users' first pages, one every 100 ms: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
console.log(
  `boot: listening ${s(boot.listeningMs)}, first feed ${s(boot.firstFeedMs)} anonymous, ${s(boot.firstPersonalMs)} personalised\n` +
    `then ${pagesLine}; slowest: ${slowest.join(', ')}`,
);
