import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PROFILE_SIGNALS, SIGNAL_COLUMNS, toSignalRow, type UserSignalRow } from '../events/user-signals-repo.js';
import { POOL_WINDOW_MS } from '../feed/content-pool.js';
import type { UserFeedState } from '../feed/user-feed-state.js';
import type { Properties } from '../users/user-properties.js';

const DAY_MS = 24 * 60 * 60_000;
/** Items offered to a user by a push file are not offered again for this long (DESIGN §10). */
export const PUSH_REPEAT_WINDOW_MS = DAY_MS;

export interface PushUserState extends UserFeedState {
  /** Items other jobs offered this user in the last 24 hours. */
  pushed: Set<string>;
}

/**
 * The ranking state of a batch of users in five queries (the feed reads one
 * user's in four): properties, read items, followed and blocked sources, the
 * most recent signals, and what other push jobs offered them in the last day.
 * Users missing from the result were deleted since the batch was listed.
 */
export async function loadPushUserStates(db: Kysely<Database>, tenantId: string, userIds: string[], jobId: string, now: number): Promise<Map<string, PushUserState>> {
  const states = new Map<string, PushUserState>();
  if (userIds.length === 0) return states;
  const [users, reads, relations, signals, pushes] = await Promise.all([
    db.selectFrom('users').select(['user_id', 'properties']).where('tenant_id', '=', tenantId).where('user_id', 'in', userIds).execute(),
    db
      .selectFrom('read_marks')
      .select(['user_id', 'content_id'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds)
      // Only reads of items still in the pool matter (as in the feed).
      .where('read_at', '>=', now - POOL_WINDOW_MS - DAY_MS)
      .execute(),
    db.selectFrom('user_sources').select(['user_id', 'source_id', 'relation']).where('tenant_id', '=', tenantId).where('user_id', 'in', userIds).execute(),
    recentSignalsOf(db, tenantId, userIds),
    db
      .selectFrom('push_history')
      .select(['user_id', 'content_id'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds)
      .where('pushed_at', '>', now - PUSH_REPEAT_WINDOW_MS)
      .where('job_id', '!=', jobId)
      .execute(),
  ]);
  for (const u of users) {
    states.set(u.user_id, {
      registered: true,
      properties: JSON.parse(u.properties) as Properties,
      followed: new Set(),
      blocked: new Set(),
      read: new Set(),
      signals: [],
      pushed: new Set(),
    });
  }
  for (const r of reads) states.get(r.user_id)?.read.add(r.content_id);
  for (const r of relations) states.get(r.user_id)?.[r.relation === 'follow' ? 'followed' : 'blocked'].add(r.source_id);
  for (const s of signals) states.get(s.user_id)?.signals.push(s.row);
  for (const p of pushes) states.get(p.user_id)?.pushed.add(p.content_id);
  return states;
}

/** Each user's most recent signals, newest first, as many as the feed's profile reads (one query for the batch). */
async function recentSignalsOf(db: Kysely<Database>, tenantId: string, userIds: string[]): Promise<{ user_id: string; row: UserSignalRow }[]> {
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
  return rows.map((r) => ({ user_id: r.user_id, row: toSignalRow(r) }));
}

/** Records what a batch of lines offered, so later jobs leave it out for a day. */
export async function recordPushed(db: Kysely<Database>, rows: { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number }[]): Promise<void> {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let at = 0; at < rows.length; at += 2000) await db.insertInto('push_history').values(rows.slice(at, at + 2000)).execute();
}

export async function forgetPushed(db: Kysely<Database>, jobId: string): Promise<void> {
  await db.deleteFrom('push_history').where('job_id', '=', jobId).execute();
}

export async function prunePushHistory(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('push_history').where('pushed_at', '<=', now - PUSH_REPEAT_WINDOW_MS).execute();
}
