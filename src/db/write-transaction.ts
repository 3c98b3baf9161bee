import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from './connect.js';
import type { Database } from './schema.js';

/**
 * Runs `work` in a transaction that writes. On SQLite it begins IMMEDIATE:
 * it takes the write lock first (waiting up to the busy timeout) instead of
 * upgrading a read snapshot at its first write, which fails at once with
 * SQLITE_BUSY when another connection (the event writer thread, another
 * worker thread) committed since the snapshot was taken.
 */
export async function writeTransaction<T>(db: Kysely<Database>, kind: DatabaseKind, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (kind === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
