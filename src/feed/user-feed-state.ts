import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readContentIds, recentSignals, type UserSignalRow } from '../events/user-signals-repo.js';
import type { Properties } from '../users/user-properties.js';
import { findUser, sourceRelations } from '../users/user-repo.js';
import { POOL_WINDOW_MS } from './content-pool.js';

const DAY_MS = 24 * 60 * 60_000;

/** What the feed knows of the user it serves (nothing for an anonymous request). */
export interface UserFeedState {
  registered: boolean;
  properties: Properties;
  followed: Set<string>;
  blocked: Set<string>;
  /** Clicked items (feed or push): never served again. */
  read: Set<string>;
  signals: UserSignalRow[];
}

export const ANONYMOUS: UserFeedState = { registered: false, properties: {}, followed: new Set(), blocked: new Set(), read: new Set(), signals: [] };

/**
 * Reads the user's state afresh on every request (four indexed reads, tens of
 * microseconds on SQLite): a click the processor applied a moment ago already
 * counts. An unregistered id gets a generic feed, but what it has clicked is
 * still left out (SPEC rule 2 with "avoid repeated articles").
 */
export async function loadUserFeedState(db: Kysely<Database>, tenantId: string, userId: string | undefined, now: number): Promise<UserFeedState> {
  if (userId === undefined) return ANONYMOUS;
  // Only reads of items still in the pool matter: older marks are not read back.
  const [user, read] = await Promise.all([findUser(db, tenantId, userId), readContentIds(db, tenantId, userId, now - POOL_WINDOW_MS - DAY_MS)]);
  if (!user) return { ...ANONYMOUS, read };
  const [relations, signals] = await Promise.all([sourceRelations(db, tenantId, userId), recentSignals(db, tenantId, userId)]);
  return {
    registered: true,
    properties: user.properties,
    followed: new Set(relations.filter((r) => r.relation === 'follow').map((r) => r.sourceId)),
    blocked: new Set(relations.filter((r) => r.relation === 'block').map((r) => r.sourceId)),
    read,
    signals,
  };
}
