import { serverEnv, withDatabase, type BenchBackend } from './lib/backends.js';
import { startTarget, type BenchTarget } from './lib/child.js';
import { formatRuns, runLoad, summariseRuns, type LoadResult } from './lib/load.js';

export interface BenchRow {
  name: string;
  value: string;
  target?: string;
  /** The backend the row was measured on; run.ts fills it in for benches that run once per backend. */
  backend?: string;
}

const ROUNDS = 3;

/**
 * Issue 2: GET /v1/contents/{id} through the full pipeline against a bare
 * Fastify route, 10 connections on loopback, each server in its own process.
 * The two are measured in alternating rounds and the medians compared, because
 * this shared 2-core machine drifts by ±30 % between runs.
 */
export async function contentsPipelineBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(durationSeconds, serverEnv(backend, database)));
}

async function measure(durationSeconds: number, env: Record<string, string>): Promise<BenchRow[]> {
  const bareTarget = await startTarget('bench/servers/bare-server.ts');
  const fullTarget = await startTarget('bench/servers/pipeline-server.ts', env);
  const load = (t: BenchTarget, seconds: number) => runLoad({ url: t.url, headers: t.headers, connections: 10, durationSeconds: seconds });
  const bare: LoadResult[] = [];
  const full: LoadResult[] = [];
  try {
    await load(bareTarget, 2); // warm-up (JIT, caches)
    await load(fullTarget, 2);
    const perRound = Math.max(1, Math.round(durationSeconds / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await load(bareTarget, perRound));
      full.push(await load(fullTarget, perRound));
    }
  } finally {
    await Promise.all([bareTarget.stop(), fullTarget.stop()]);
  }
  const b = summariseRuns(bare);
  const f = summariseRuns(full);
  const fmt = formatRuns;
  return [
    { name: 'bare Fastify route (10 conn, median of 3)', value: fmt(b) },
    { name: 'GET /v1/contents/{id} full pipeline (10 conn, median of 3)', value: fmt(f) },
    { name: 'pipeline share of bare throughput', value: `${((f.rps / b.rps) * 100).toFixed(1)} %`, target: '≥ 70 %' },
  ];
}
