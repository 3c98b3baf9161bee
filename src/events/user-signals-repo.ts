import type { Kysely, Selectable } from 'kysely';
import type { Database, UserContentSignalsTable } from '../db/schema.js';
import type { Counters } from './event-effects.js';

/** A user's counters for one item, as the processor accumulated them. */
export interface UserSignalRow extends Counters {
  contentId: string;
  updatedAt: number;
}

/** How many of a user's most recent item signals shape their profile. */
export const PROFILE_SIGNALS = 300;

/** Items a user (registered or not) has read since `since`: clicked in a feed or a push. */
export async function readContentIds(db: Kysely<Database>, tenantId: string, userId: string, since: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('read_marks')
    .select('content_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', '>=', since)
    .execute();
  return new Set(rows.map((r) => r.content_id));
}

/** The user's most recent per-item signals (events applied by the processor). */
export async function recentSignals(db: Kysely<Database>, tenantId: string, userId: string): Promise<UserSignalRow[]> {
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

export function toSignalRow(r: Pick<Selectable<UserContentSignalsTable>, (typeof SIGNAL_COLUMNS)[number]>): UserSignalRow {
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
