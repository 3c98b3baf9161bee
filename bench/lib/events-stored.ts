import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connect.js';

/**
 * Events of sessions whose id starts with `sessionPrefix` in the event log of
 * `databaseUrl`: how many rows there are, and how many of them the processor
 * has applied (`processed = 1`). Read after the server has stopped.
 */
export async function eventsStored(databaseUrl: string, sessionPrefix: string): Promise<{ stored: number; applied: number }> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    const row = await db
      .selectFrom('events')
      .select([sql<number>`count(*)`.as('stored'), sql<number>`coalesce(sum(case when processed = 1 then 1 else 0 end), 0)`.as('applied')])
      .where('session_id', 'like', `${sessionPrefix}%`)
      .executeTakeFirstOrThrow();
    return { stored: Number(row.stored), applied: Number(row.applied) };
  } finally {
    await close();
  }
}
