import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { lazyRequire } from '../lib/lazy-require.js';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { sqliteFileOf } from './database-url.js';
import type { Database } from './schema.js';
import { loadSqlite } from './sqlite-driver.js';

const pgModule = lazyRequire<typeof pg>('pg');

const SQLite = loadSqlite();

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite file, for connections of its own (the event writer's); null on PostgreSQL and in memory. */
  sqliteFile: string | null;
  /** SQLite in memory: the database lives in this connection, and no other thread can open it by its URL. */
  inMemory: boolean;
  close: () => Promise<void>;
}

/**
 * Opens the database named by URL: `sqlite:<file>` (or `sqlite::memory:`) or
 * `postgres://…`. The one place a database URL is read: the runtime (deps.ts)
 * and each thread's entry open theirs here, and ask the handle what it is.
 */
export function openDatabase(url: string, onIdleError: (error: Error) => void = () => {}): DatabaseHandle {
  const sqliteFile = sqliteFileOf(url);
  if (sqliteFile !== null) return openSqlite(sqliteFile);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, onIdleError);
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
}

function openSqlite(file: string): DatabaseHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed during a write; FULL makes every commit durable
  // before we acknowledge it (the price is one fsync per commit).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', sqliteFile: inMemory ? null : file, inMemory, close: () => db.destroy() };
}

/**
 * Every SQLite transaction begins IMMEDIATE: it takes the write lock first
 * (waiting up to the busy timeout) instead of upgrading a read snapshot at its
 * first write. Several connections write one file (the HTTP thread, the event
 * writer and event threads, training threads), and a deferred transaction that
 * read first fails at once with SQLITE_BUSY at its first write whenever another
 * connection committed since; the busy timeout does not cover that case.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely asks better-sqlite3 to prepare every query anew; preparing costs more
 * than running a point lookup (bench: 11 % of the contents route's CPU). Reuse
 * prepared statements by SQL text, except one still being iterated (a stream).
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached) {
        if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, onIdleError: (error: Error) => void): DatabaseHandle {
  const pool = new (pgModule().Pool)({
    connectionString: url,
    max: 10,
    // bigint (int8) columns hold epoch milliseconds and counters, all well inside
    // Number's exact range; parse them as numbers instead of strings.
    types: {
      /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return --
         pg's overloads take 'text' or 'binary', not their union: the format is passed through as given */
      getTypeParser: (oid: number, format?: any) =>
        oid === 20 ? (value: string) => Number(value) : pgModule().types.getTypeParser(oid, format),
      /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return */
    },
  });
  // An idle connection the server closes (restart, failover, admin kill) is
  // reported here and dropped by the pool; unhandled, it would crash the process.
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', sqliteFile: null, inMemory: false, close: () => db.destroy() };
}
