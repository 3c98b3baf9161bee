import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseKind } from './connect.js';
import type { Database } from './schema.js';

/**
 * A transaction whose commit does not wait for the disk: after a power loss
 * or an OS crash it may be lost, whole (never in part); a process crash
 * (kill -9) loses nothing, the write is with the OS already. For derived
 * writes that are replayed when lost: the event processor's effects, committed
 * together with the `processed` mark of the events they come from, so a lost
 * commit leaves those events unprocessed and they are applied again, once.
 * Writes that answer a client (the event log's own commits) stay flushed.
 *
 * On SQLite the next flushed commit on the file (the event writer's, every
 * group) makes this one durable too: the WAL is one file, synced as a whole.
 * The connection is held for the whole transaction, so no other work on it
 * runs between the pragma and its reset.
 */
export async function unflushedTransaction<T>(
  db: Kysely<Database>,
  kind: DatabaseKind,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      // Every other write on this connection (push jobs, crawls, the log when it has no writer thread) is flushed.
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}
