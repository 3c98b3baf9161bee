import type { Kysely, Selectable } from 'kysely';
import { fixedQuery, placeholders } from '../db/fixed-query.js';
import { onPostgres, rowsPerUserText, uniqueIds } from '../db/rows-per-user.js';
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
  type Row = { user_id: string; content_id: string };
  const rows = onPostgres(db)
    ? await fixedQuery<Row>(db, READ_MARKS_PG, [tenantId, since, uniqueIds(userIds)])
    : await fixedQuery<Row>(
        db,
        `select user_id, content_id from read_marks where tenant_id = ? and user_id in (${placeholders(userIds.length)}) and read_at >= ?`,
        [tenantId, ...userIds, since],
      );
  return rows.map((r) => ({ userId: r.user_id, contentId: r.content_id }));
}

const READ_MARKS_PG = `select r.user_id, r.content_id from ${rowsPerUserText(
  'select user_id, content_id from read_marks where tenant_id = $1 and user_id = u.user_id and read_at >= $2 offset 0',
  3,
)}`;

/** Each of a batch of users' most recent signals, newest first, as many as a profile reads (one query). */
export async function recentSignalsOfUsers(
  db: Kysely<Database>,
  tenantId: string,
  userIds: readonly string[],
): Promise<{ userId: string; row: UserSignalRow }[]> {
  type Row = Pick<UserContentSignalsTable, 'user_id'> & SignalColumns;
  // One user (the feed's read): a range of the recency index with a LIMIT, not a window over all their rows.
  if (userIds.length === 1) {
    const userId = userIds[0]!;
    const rows = await fixedQuery<SignalColumns>(db, onPostgres(db) ? RECENT_SIGNALS_PG : RECENT_SIGNALS_SQLITE, [tenantId, userId]);
    return rows.map((r) => ({ userId, row: toSignalRow(r) }));
  }
  // PostgreSQL: each user's newest rows by the recency index, as for one user (rows-per-user.ts:
  // a window over an IN list read the tenant's every row).
  const rows = onPostgres(db)
    ? await fixedQuery<Row>(db, RECENT_SIGNALS_OF_USERS_PG, [tenantId, uniqueIds(userIds)])
    : await fixedQuery<Row>(
        db,
        `select * from (select user_id, ${COLUMNS}, row_number() over (partition by user_id order by updated_at desc, content_id) as recency
           from user_content_signals where tenant_id = ? and user_id in (${placeholders(userIds.length)}))
         where recency <= ${PROFILE_SIGNALS} order by user_id, recency`,
        [tenantId, ...userIds],
      );
  return rows.map((r) => ({ userId: r.user_id, row: toSignalRow(r) }));
}

/** The columns a profile reads of a user_content_signals row. */
export const SIGNAL_COLUMNS = ['content_id', 'impressions', 'clicks', 'likes', 'dislikes', 'shares', 'dwell_ms', 'updated_at'] as const;

type SignalColumns = Pick<Selectable<UserContentSignalsTable>, (typeof SIGNAL_COLUMNS)[number]>;

const COLUMNS = SIGNAL_COLUMNS.join(', ');
const RECENT = `order by updated_at desc, content_id limit ${PROFILE_SIGNALS}`;
const RECENT_SIGNALS_SQLITE = `select ${COLUMNS} from user_content_signals where tenant_id = ? and user_id = ? ${RECENT}`;
const RECENT_SIGNALS_PG = `select ${COLUMNS} from user_content_signals where tenant_id = $1 and user_id = $2 ${RECENT}`;
const RECENT_SIGNALS_OF_USERS_PG = `select r.* from ${rowsPerUserText(
  `select user_id, ${COLUMNS} from user_content_signals where tenant_id = $1 and user_id = u.user_id ${RECENT}`,
  2,
)} order by u.n, r.updated_at desc, r.content_id`;

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
