import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchRow } from './contents-pipeline.bench.js';
import { serverEnv, withDatabase, type BenchBackend } from './lib/backends.js';
import { startTarget } from './lib/child.js';
import { profileTable, topFunctions } from './lib/cpu-profile.js';
import { runLoad } from './lib/load.js';
import { startPhotoOrigin } from './lib/photo-origin.js';

const ARTICLES = 30;
/** The Accept headers that pick each format (src/thumbnails/accept-format.ts). */
const FORMATS = [
  { name: 'AVIF', accept: 'image/avif,image/webp,*/*', type: 'image/avif' },
  { name: 'WebP', accept: 'image/webp,*/*', type: 'image/webp' },
  { name: 'JPEG', accept: '*/*', type: 'image/jpeg' },
] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

/**
 * Issue 7: GET /thumbnails/{id}?w=400 on each backend (local object store in
 * both), the server in its own process, a 1200 × 800 JPEG original on a loopback origin in this one.
 *
 * Cold: one request at a time, each of 30 articles once per format; the format
 * order rotates per article, so each format pays the original's fetch (and
 * its write to the object store) on 10 of its 30 requests and reads the
 * stored original on 20. Warm: the same requests again, now from the memory
 * cache, with autocannon at 10 connections: one URL, then a mix of all 30.
 * BENCH_THUMB_PROFILE=1 adds a CPU profile of the server over the whole run.
 */
export async function thumbnailsBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(durationSeconds, serverEnv(backend, database)));
}

async function measure(durationSeconds: number, env: Record<string, string>): Promise<BenchRow[]> {
  const origin = await startPhotoOrigin(1200, 800);
  const profileDir = process.env.BENCH_THUMB_PROFILE === '1' ? mkdtempSync(path.join(tmpdir(), 'cf-thumb-prof-')) : null;
  const target = await startTarget(
    'bench/servers/thumbnail-server.ts',
    { ...env, THUMB_ORIGIN: origin.baseUrl, THUMB_ARTICLES: String(ARTICLES) },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const urls = target.info.thumbnails!.split(' ');
  const rows: BenchRow[] = [];
  try {
    // Cold.
    const cold = new Map<string, { all: number[]; fetched: number[]; stored: number[] }>(
      FORMATS.map((f) => [f.name, { all: [], fetched: [], stored: [] }]),
    );
    for (const [i, url] of urls.entries()) {
      for (let k = 0; k < FORMATS.length; k++) {
        const format = FORMATS[(i + k) % FORMATS.length]!;
        const started = performance.now();
        const response = await fetch(url, { headers: { accept: format.accept } });
        const body = Buffer.from(await response.arrayBuffer());
        const elapsed = performance.now() - started;
        if (response.status !== 200 || response.headers.get('content-type') !== format.type || body.length === 0) {
          throw new Error(
            `${url} as ${format.name}: ${response.status} ${response.headers.get('content-type')} ${body.toString('utf8', 0, 200)}`,
          );
        }
        cold.get(format.name)!.all.push(elapsed);
        cold.get(format.name)![k === 0 ? 'fetched' : 'stored'].push(elapsed);
      }
    }
    if (origin.hits() !== ARTICLES) throw new Error(`origin served ${origin.hits()} originals, expected ${ARTICLES}`);
    for (const format of FORMATS) {
      const { all, fetched, stored } = cold.get(format.name)!;
      rows.push({
        name: `cold ${format.name} 400 px (${all.length} encodes, sequential)`,
        value:
          `p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}; with fetch p50 ` +
          `${ms(percentile(fetched, 50))} (n=${fetched.length}), stored original p50 ${ms(percentile(stored, 50))} ` +
          `(n=${stored.length})`,
        ...(format.name === 'AVIF' && { target: 'p50 < 300 ms' }),
      });
    }

    // Warm.
    const base = new URL(urls[0]!).origin;
    const paths = urls.map((u) => {
      const parsed = new URL(u);
      return `${parsed.pathname}${parsed.search}`;
    });
    await runLoad({ url: urls[0]!, headers: { accept: FORMATS[0].accept }, connections: 10, durationSeconds: 2 }); // JIT warm-up
    for (const format of FORMATS) {
      for (const mix of [false, true]) {
        const result = await runLoad({
          url: mix ? base : urls[0]!,
          headers: { accept: format.accept },
          connections: 10,
          durationSeconds,
          ...(mix && { path: () => paths[Math.floor(Math.random() * paths.length)]! }),
        });
        rows.push({
          name: `warm ${format.name} ${mix ? `mix of ${ARTICLES} URLs` : 'one URL'} (10 conn, ${durationSeconds} s)`,
          value:
            `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
            `non-2xx ${result.non2xx + result.errors}`,
          target: '≥ 3,000 req/s',
        });
      }
    }
  } finally {
    await target.stop();
    await origin.close();
  }
  if (profileDir) {
    const { file, rows: top } = topFunctions(profileDir, 20);
    console.log(`CPU profile of the thumbnail server (${file}):\n${profileTable(top)}\n`);
  }
  return rows;
}
