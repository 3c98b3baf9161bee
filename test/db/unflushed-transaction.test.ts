import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import { unflushedTransaction } from '../../src/db/unflushed-transaction.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';

/** How this connection commits now: flushed (SQLite FULL, PostgreSQL on) or not. */
async function commitMode(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<'flushed' | 'unflushed'> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    return rows[0]!.synchronous === 2 ? 'flushed' : 'unflushed';
  }
  const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
  return rows[0]!.synchronous_commit === 'on' ? 'flushed' : 'unflushed';
}

/**
 * The event processor commits its effects without waiting for the disk; the
 * same connection also commits what must survive a power cut (push jobs, the
 * event log without a writer thread). The unflushed mode must end with its
 * transaction, whether the work succeeds or fails.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('unflushedTransaction on %s', (_name, backend) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await backend.create();
    handle = openDatabase(database.url);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('commits unflushed inside, and leaves the connection flushing after it, also when the work fails', async () => {
    const { db, kind } = handle;
    // One connection throughout, so what is read after is the connection the transaction used.
    await db.connection().execute(async (connection) => {
      expect(await commitMode(connection, kind)).toBe('flushed');
      const inside = await unflushedTransaction(connection, kind, (trx) => commitMode(trx, kind));
      expect(inside).toBe('unflushed');
      expect(await commitMode(connection, kind)).toBe('flushed');

      await expect(unflushedTransaction(connection, kind, async () => Promise.reject(new Error('batch failed')))).rejects.toThrow(
        'batch failed',
      );
      expect(await commitMode(connection, kind)).toBe('flushed');
      // A later ordinary transaction on the connection flushes.
      expect(await connection.transaction().execute((trx) => commitMode(trx, kind))).toBe('flushed');
    });
  });
});
