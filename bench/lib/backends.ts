import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A database for one benchmark: its URL and a way to remove it afterwards. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A backend the service-level benchmarks run on: the embedded default (a SQLite
 * file, limits in memory) or the scale-out one (PostgreSQL and Redis, DESIGN §2).
 * The object store stays local files in both: no benchmark here reads it from
 * more than one process.
 */
export interface BenchBackend {
  name: 'sqlite' | 'postgres+redis';
  /** A fresh, empty database, so no run sees another's rows and the `test` database is never written. */
  createDatabase(): Promise<BenchDatabase>;
  redisUrl: string | null;
}

export const sqliteBackend: BenchBackend = {
  name: 'sqlite',
  async createDatabase() {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-db-'));
    return { url: `sqlite:${path.join(dir, 'bench.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  redisUrl: null,
};

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** PostgreSQL at `adminUrl` (only used to create and drop `cf_bench_…` databases) with Redis at `redisUrl`. */
export function postgresBackend(adminUrl: string, redisUrl: string): BenchBackend {
  return {
    name: 'postgres+redis',
    async createDatabase() {
      const name = `cf_bench_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    },
    redisUrl,
  };
}

/**
 * The backends of this run: SQLite always; PostgreSQL + Redis when DATABASE_URL
 * (postgres://…) and REDIS_URL are both set, else why it is skipped.
 * Takes both variables out of this process's environment, so no server child
 * inherits them by accident: each is given its backend explicitly.
 */
export function benchBackends(env: NodeJS.ProcessEnv = process.env): { backends: BenchBackend[]; skipped: string | null } {
  const databaseUrl = env.DATABASE_URL?.trim();
  const redisUrl = env.REDIS_URL?.trim();
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    const missing = [!databaseUrl && 'DATABASE_URL', !redisUrl && 'REDIS_URL'].filter(Boolean).join(' and ');
    return { backends: [sqliteBackend], skipped: `${missing} not set` };
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { backends: [sqliteBackend], skipped: `DATABASE_URL is ${databaseUrl.split(':')[0]}:…, not postgres://` };
  }
  return { backends: [sqliteBackend, postgresBackend(databaseUrl, redisUrl)], skipped: null };
}

/** What a bench server child reads to pick its backend (bench/lib/bench-service.ts and the servers that set up their own data). */
export function serverEnv(backend: BenchBackend, database: BenchDatabase): Record<string, string> {
  return { BENCH_DATABASE_URL: database.url, ...(backend.redisUrl && { BENCH_REDIS_URL: backend.redisUrl }) };
}

/** Runs `fn` on a fresh database of `backend` and drops it afterwards, whatever happens. */
export async function withDatabase<T>(backend: BenchBackend, fn: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const database = await backend.createDatabase();
  try {
    return await fn(database);
  } finally {
    await database.drop();
  }
}
