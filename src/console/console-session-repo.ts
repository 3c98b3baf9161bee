import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toConsoleUser, type ConsoleUser } from './console-user-repo.js';

export interface ConsoleSessionRecord {
  id: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export async function insertSession(db: Kysely<Database>, session: ConsoleSessionRecord, tokenHash: string): Promise<void> {
  await db
    .insertInto('console_sessions')
    .values({
      id: session.id,
      token_hash: tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session with this token hash and its user, expired or not (the caller decides). */
export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ session: ConsoleSessionRecord; user: ConsoleUser } | null> {
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('console_users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.created_at as session_created_at',
      's.last_seen_at',
      's.expires_at',
      'u.id',
      'u.email',
      'u.role',
      'u.tenant_id',
      'u.created_at',
      'u.last_login_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    session: {
      id: row.session_id,
      userId: row.id,
      createdAt: row.session_created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    },
    user: toConsoleUser(row),
  };
}

export async function touchSession(db: Kysely<Database>, sessionId: string, at: number): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Removes sessions past their absolute end or idle longer than `idleMs`. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: number, idleMs: number): Promise<void> {
  await db
    .deleteFrom('console_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .execute();
}
