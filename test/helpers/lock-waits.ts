import { sql, SqliteDriver, type Transaction } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import type { TestApp } from './test-app.js';
import { until } from './until.js';

/**
 * Waits, without guessing a delay, until some other query of the app waits for
 * the lock a transaction the test holds open: on PostgreSQL a backend the
 * holder's backend blocks (pg_blocking_pids); on SQLite a caller waiting for the
 * one connection (Kysely's SqliteDriver serialises on it, so the holder's open
 * transaction is the lock). Rejects if `request` settles first: it did not wait.
 */
export interface LockWatch {
  /** Call inside the holder's transaction, once it holds its locks. */
  held(trx: Transaction<Database>): Promise<void>;
  /** Resolves once another query is blocked behind the holder. */
  waiter(request: Promise<unknown>): Promise<void>;
  stop(): void;
}

export function watchLockWaits(t: TestApp): LockWatch {
  if (t.deps.dbKind === 'postgres') {
    let holderPid: number | undefined;
    return {
      async held(trx) {
        holderPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
      },
      waiter: (request) =>
        settlesFirst(
          request,
          until(
            'a query blocked by the held transaction',
            async () => {
              const { rows } = await sql<{
                n: number;
              }>`select count(*)::int as n from pg_stat_activity where ${holderPid!}::int = any(pg_blocking_pids(pid))`.execute(t.deps.db);
              return rows[0]!.n > 0 ? true : undefined;
            },
            30_000,
            10,
          ),
        ),
      stop() {},
    };
  }
  // Count callers still waiting for the connection; the holder got it before `held`.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below, and put back after
  const original = SqliteDriver.prototype.acquireConnection;
  let waiting = 0;
  SqliteDriver.prototype.acquireConnection = async function (this: SqliteDriver) {
    waiting++;
    try {
      return await original.call(this);
    } finally {
      waiting--;
    }
  };
  return {
    async held() {},
    waiter: (request) =>
      settlesFirst(
        request,
        until('a query waiting for the SQLite connection', async () => (waiting > 0 ? true : undefined), 30_000, 1),
      ),
    stop() {
      SqliteDriver.prototype.acquireConnection = original;
    },
  };
}

async function settlesFirst(request: Promise<unknown>, blocked: Promise<unknown>): Promise<void> {
  const first = await Promise.race([
    blocked.then(() => 'blocked' as const),
    request.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
  ]);
  if (first === 'settled') throw new Error('the request finished while the lock was held: it did not wait for it');
}
