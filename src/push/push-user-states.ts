import type { Kysely } from 'kysely';
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
  const [feedStates, pushes] = await Promise.all([
    loadUserFeedStates(db, tenantId, userIds, now),
    db
      .selectFrom('push_history')
      .select(['user_id', 'content_id'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds)
      .where('pushed_at', '>', now - PUSH_REPEAT_WINDOW_MS)
      .where('job_id', '!=', jobId)
      .execute(),
  ]);
  for (const [userId, state] of feedStates) if (state.registered) states.set(userId, { ...state, pushed: new Set() });
  for (const p of pushes) states.get(p.user_id)?.pushed.add(p.content_id);
  return states;
}

/** Records what a batch of lines offered, so later jobs leave it out for a day. */
export async function recordPushed(
  db: Kysely<Database>,
  rows: { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number }[],
): Promise<void> {
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
