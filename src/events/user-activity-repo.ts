import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface UserRead {
  contentId: string;
  readAt: number;
  /** Where the click that marked it read came from; null when that event is gone. */
  channel: 'feed' | 'push' | null;
}

export interface UserSession {
  sessionId: string;
  startedAt: number;
  lastEventAt: number;
  events: number;
}

/**
 * The user's most recent reads, newest first. A read mark keeps only when;
 * the channel is that of the user's first click on the item (the click that
 * made the mark), read from the event log (indexed by tenant and user).
 */
export async function recentReads(db: Kysely<Database>, tenantId: string, userId: string, limit: number): Promise<UserRead[]> {
  const rows = await db
    .selectFrom('read_marks as r')
    .select(['r.content_id', 'r.read_at'])
    .select((eb) =>
      eb
        .selectFrom('events as e')
        .select('e.channel')
        .whereRef('e.tenant_id', '=', 'r.tenant_id')
        .whereRef('e.user_id', '=', 'r.user_id')
        .whereRef('e.content_id', '=', 'r.content_id')
        .where('e.type', '=', 'click')
        .orderBy('e.seq')
        .limit(1)
        .as('channel'),
    )
    .where('r.tenant_id', '=', tenantId)
    .where('r.user_id', '=', userId)
    .orderBy('r.read_at', 'desc')
    .orderBy('r.content_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    contentId: r.content_id,
    readAt: Number(r.read_at),
    channel: r.channel === 'feed' || r.channel === 'push' ? r.channel : null,
  }));
}

/** The user's most recent sessions, newest first by start. */
export async function recentSessions(db: Kysely<Database>, tenantId: string, userId: string, limit: number): Promise<UserSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['session_id', 'started_at', 'last_event_at', 'events'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .orderBy('session_id')
    .limit(limit)
    .execute();
  return rows.map((s) => ({
    sessionId: s.session_id,
    startedAt: Number(s.started_at),
    lastEventAt: Number(s.last_event_at),
    events: Number(s.events),
  }));
}
