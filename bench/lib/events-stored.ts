import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connect.js';

export interface SessionEvents {
  stored: number;
  applied: number;
}

/**
 * Events of each session whose id starts with `sessionPrefix` in the event log
 * of `databaseUrl`: how many rows there are, and how many of them the processor
 * has applied (`processed = 1`). Read after the server has stopped.
 */
export async function eventsStored(databaseUrl: string, sessionPrefix: string): Promise<Map<string, SessionEvents>> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    const rows = await db
      .selectFrom('events')
      .select(['session_id', sql<number>`count(*)`.as('stored'), sql<number>`sum(case when processed = 1 then 1 else 0 end)`.as('applied')])
      .where('session_id', 'like', `${sessionPrefix}%`)
      .groupBy('session_id')
      .execute();
    return new Map(rows.map((r) => [r.session_id, { stored: Number(r.stored), applied: Number(r.applied) }]));
  } finally {
    await close();
  }
}
