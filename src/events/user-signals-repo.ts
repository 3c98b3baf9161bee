import { sql, type Kysely, type Selectable } from 'kysely';
import { onPostgres, rowsPerUser } from '../db/rows-per-user.js';
import type { Database, UserContentSignalsTable } from '../db/schema.js';
import type { Counters } from './event-effects.js';

/** A user's counters for one item, as the processor accumulated them. */
export interface UserSignalRow extends Counters {
  contentId: string;
  updatedAt: number;
}

/** How many of a user's most recent item signals shape their profile. */
export const PROFILE_SIGNALS = 300;

/** Items each of a batch of users (registered or not) has read since `since`, clicked in a feed or a push (one query). */
export async function readMarksOfUsers(
  db: Kysely<Database>,
  tenantId: string,
  userIds: readonly string[],
  since: number,
): Promise<{ userId: string; contentId: string }[]> {
  const rows = onPostgres(db)
    ? (
        await sql<{ user_id: string; content_id: string }>`select r.user_id, r.content_id from ${rowsPerUser(
          userIds,
          sql`select user_id, content_id from read_marks
              where tenant_id = ${tenantId} and user_id = u.user_id and read_at >= ${since} offset 0`,
        )}`.execute(db)
      ).rows
    : await db
        .selectFrom('read_marks')
        .select(['user_id', 'content_id'])
        .where('tenant_id', '=', tenantId)
        .where('user_id', 'in', userIds)
        .where('read_at', '>=', since)
        .execute();
  return rows.map((r) => ({ userId: r.user_id, contentId: r.content_id }));
}

/** Each of a batch of users' most recent signals, newest first, as many as a profile reads (one query). */
export async function recentSignalsOfUsers(
  db: Kysely<Database>,
  tenantId: string,
  userIds: readonly string[],
): Promise<{ userId: string; row: UserSignalRow }[]> {
  // One user (the feed's read): a range of the recency index with a LIMIT, not a window over all their rows.
  if (userIds.length === 1) return (await recentSignals(db, tenantId, userIds[0]!)).map((row) => ({ userId: userIds[0]!, row }));
  if (onPostgres(db)) {
    // Each user's newest rows by the recency index, as for one user (rows-per-user.ts: a window
    // over an IN list read the tenant's every row).
    const { rows } = await sql<Pick<UserContentSignalsTable, 'user_id'> & SignalColumns>`select r.* from ${rowsPerUser(
      userIds,
      sql`select user_id, ${sql.join(SIGNAL_COLUMNS.map((c) => sql.ref(c)))} from user_content_signals
          where tenant_id = ${tenantId} and user_id = u.user_id order by updated_at desc, content_id limit ${PROFILE_SIGNALS}`,
    )} order by u.n, r.updated_at desc, r.content_id`.execute(db);
    return rows.map((r) => ({ userId: r.user_id, row: toSignalRow(r) }));
  }
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('user_content_signals')
        .select(['user_id', ...SIGNAL_COLUMNS])
        .select(sql<number>`row_number() over (partition by user_id order by updated_at desc, content_id)`.as('recency'))
        .where('tenant_id', '=', tenantId)
        .where('user_id', 'in', userIds)
        .as('s'),
    )
    .selectAll()
    .where('recency', '<=', PROFILE_SIGNALS)
    .orderBy('user_id')
    .orderBy('recency')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, row: toSignalRow(r) }));
}

/** The user's most recent per-item signals (events applied by the processor). */
async function recentSignals(db: Kysely<Database>, tenantId: string, userId: string): Promise<UserSignalRow[]> {
  const rows = await db
    .selectFrom('user_content_signals')
    .select(SIGNAL_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('content_id')
    .limit(PROFILE_SIGNALS)
    .execute();
  return rows.map(toSignalRow);
}

/** The columns a profile reads of a user_content_signals row. */
export const SIGNAL_COLUMNS = ['content_id', 'impressions', 'clicks', 'likes', 'dislikes', 'shares', 'dwell_ms', 'updated_at'] as const;

type SignalColumns = Pick<Selectable<UserContentSignalsTable>, (typeof SIGNAL_COLUMNS)[number]>;

export function toSignalRow(r: SignalColumns): UserSignalRow {
  return {
    contentId: r.content_id,
    impressions: r.impressions,
    clicks: r.clicks,
    likes: r.likes,
    dislikes: r.dislikes,
    shares: r.shares,
    dwellMs: r.dwell_ms,
    updatedAt: Number(r.updated_at),
  };
}
