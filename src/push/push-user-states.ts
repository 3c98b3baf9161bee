import { CompiledQuery, sql, type Kysely } from 'kysely';
import { onPostgres, rowsPerUser } from '../db/rows-per-user.js';
import type { Database } from '../db/schema.js';
import { loadUserFeedStates, type UserFeedState } from '../feed/user-feed-state.js';

const DAY_MS = 24 * 60 * 60_000;
/** Items offered to a user by a push file are not offered again for this long (DESIGN §10). */
export const PUSH_REPEAT_WINDOW_MS = DAY_MS;

export interface PushUserState extends UserFeedState {
  /** Items other jobs offered this user in the last 24 hours. */
  pushed: Set<string>;
}

/**
 * The ranking state of a batch of users, as the feed loads one user's
 * (user-feed-state.ts), and what other push jobs offered them in the last
 * day. Users missing from the result were deleted since the batch was listed.
 */
export async function loadPushUserStates(
  db: Kysely<Database>,
  tenantId: string,
  userIds: string[],
  jobId: string,
  now: number,
): Promise<Map<string, PushUserState>> {
  const states = new Map<string, PushUserState>();
  if (userIds.length === 0) return states;
  const since = now - PUSH_REPEAT_WINDOW_MS;
  const [feedStates, pushes] = await Promise.all([
    loadUserFeedStates(db, tenantId, userIds, now),
    onPostgres(db)
      ? sql<{ user_id: string; content_id: string }>`select r.user_id, r.content_id from ${rowsPerUser(
          userIds,
          sql`select user_id, content_id from push_history
              where tenant_id = ${tenantId} and user_id = u.user_id and pushed_at > ${since} and job_id <> ${jobId} offset 0`,
        )}`
          .execute(db)
          .then((r) => r.rows)
      : db
          .selectFrom('push_history')
          .select(['user_id', 'content_id'])
          .where('tenant_id', '=', tenantId)
          .where('user_id', 'in', userIds)
          .where('pushed_at', '>', since)
          .where('job_id', '!=', jobId)
          .execute(),
  ]);
  for (const [userId, state] of feedStates) if (state.registered) states.set(userId, { ...state, pushed: new Set() });
  for (const p of pushes) states.get(p.user_id)?.pushed.add(p.content_id);
  return states;
}

/**
 * Records what a batch of lines offered, so later jobs leave it out for a day:
 * on PostgreSQL one statement, a column per array (a chunk's 6,000 rows were
 * three INSERTs of 10,000 parameters, each built value by value by Kysely).
 */
export async function recordPushed(
  db: Kysely<Database>,
  rows: { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  if (onPostgres(db)) {
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into push_history (tenant_id, user_id, content_id, job_id, pushed_at)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
        [
          rows.map((r) => r.tenant_id),
          rows.map((r) => r.user_id),
          rows.map((r) => r.content_id),
          rows.map((r) => r.job_id),
          rows.map((r) => r.pushed_at),
        ],
      ),
    );
    return;
  }
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let at = 0; at < rows.length; at += 2000)
    await db
      .insertInto('push_history')
      .values(rows.slice(at, at + 2000))
      .execute();
}

export async function forgetPushed(db: Kysely<Database>, jobId: string): Promise<void> {
  await db.deleteFrom('push_history').where('job_id', '=', jobId).execute();
}

export async function prunePushHistory(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('push_history')
    .where('pushed_at', '<=', now - PUSH_REPEAT_WINDOW_MS)
    .execute();
}
