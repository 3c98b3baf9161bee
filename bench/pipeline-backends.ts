import { postgresBackend, sqliteBackend, type BenchDatabase } from './lib/backends.js';
import { startTarget, type BenchTarget } from './lib/child.js';
import { runLoad } from './lib/load.js';

/**
 * `DATABASE_URL=postgres://… REDIS_URL=redis://… npx tsx bench/pipeline-backends.ts`:
 * which part of the scale-out backend costs `GET /v1/contents/{id}` its
 * throughput. Three pipeline servers (SQLite; PostgreSQL with the in-memory
 * limiter; PostgreSQL with the Redis limiter), 10 connections, 3 alternating
 * rounds of 4 s after a 2 s warm-up each.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) throw new Error('DATABASE_URL (postgres://…) and REDIS_URL are required');
const postgres = postgresBackend(databaseUrl, redisUrl);

const databases: BenchDatabase[] = [];
const targets: { name: string; target: BenchTarget }[] = [];
const results = new Map<string, number[]>();
try {
  for (const [name, backend, redis] of [
    ['SQLite, limiter in memory', sqliteBackend, false],
    ['PostgreSQL, limiter in memory', postgres, false],
    ['PostgreSQL, limiter in Redis', postgres, true],
  ] as const) {
    const database = await backend.createDatabase();
    databases.push(database);
    targets.push({
      name,
      target: await startTarget('bench/servers/pipeline-server.ts', {
        BENCH_DATABASE_URL: database.url,
        ...(redis && { BENCH_REDIS_URL: redisUrl }),
      }),
    });
  }
  const load = (t: BenchTarget, seconds: number) => runLoad({ url: t.url, headers: t.headers, connections: 10, durationSeconds: seconds });
  for (const { target } of targets) await load(target, 2);
  for (let round = 0; round < 3; round++) {
    for (const { name, target } of targets)
      results.set(name, [...(results.get(name) ?? []), Math.round((await load(target, 4)).requestsPerSecond)]);
  }
} finally {
  for (const { target } of targets) await target.stop();
  for (const database of databases) await database.drop();
}
for (const [name, rps] of results) console.log(`${name.padEnd(30)} ${rps.join(', ')} req/s`);
