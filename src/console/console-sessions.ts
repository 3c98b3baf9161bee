import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { base62Encode } from '../lib/base62.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { secretsEqual, sha256Hex } from '../lib/secret-hash.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionByTokenHash,
  findSessionByTokenHash,
  insertSession,
  touchSession,
} from './console-session-repo.js';
import type { ConsoleUser } from './console-user-repo.js';

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** …and this long after login, however active. */
export const SESSION_ABSOLUTE_MS = 7 * 86_400_000;
/** `last_seen_at` is written at most once a minute per session: one write per minute, not per click. */
const TOUCH_RESOLUTION_MS = 60_000;

const TOKEN_PREFIX = 'cfs_';
const TOKEN_PATTERN = /^cfs_[0-9A-Za-z]{43}$/;

/** A verified session and the account behind it. */
export interface ConsoleSession {
  id: string;
  user: ConsoleUser;
  createdAt: number;
  expiresAt: number;
}

/**
 * Console sessions (docs/console.md): a random 256-bit token goes to the
 * browser in the cookie, only its SHA-256 is stored, so every node sees a
 * login or logout at once. The CSRF token is an HMAC of the session id under
 * SECRET_KEY: it needs no storage, and no other session's token matches.
 */
export class ConsoleSessions {
  private readonly csrfKey: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    secretKey: string,
  ) {
    this.csrfKey = createHmac('sha256', secretKey).update('content-feed:console-csrf').digest();
  }

  /** Opens a session for a user who has just proved their password; the token is returned this once. */
  async issue(user: ConsoleUser): Promise<{ token: string; session: ConsoleSession }> {
    const now = this.clock.now();
    // Logins are rare: a good moment to sweep sessions nobody will present again.
    await deleteExpiredSessions(this.db, now, SESSION_IDLE_MS);
    const token = TOKEN_PREFIX + base62Encode(randomBytes(32), 43);
    const record = { id: newId('cs'), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_ABSOLUTE_MS };
    await insertSession(this.db, record, sha256Hex(token));
    return { token, session: { id: record.id, user, createdAt: now, expiresAt: record.expiresAt } };
  }

  /** The live session for this cookie token, or null (unknown, ended, idle too long or past its end). */
  async verify(token: string): Promise<ConsoleSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const found = await findSessionByTokenHash(this.db, sha256Hex(token));
    if (!found) return null;
    const now = this.clock.now();
    const { session, user } = found;
    if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_MS) {
      await deleteSession(this.db, session.id);
      return null;
    }
    if (now - session.lastSeenAt >= TOUCH_RESOLUTION_MS) await touchSession(this.db, session.id, now);
    return { id: session.id, user, createdAt: session.createdAt, expiresAt: session.expiresAt };
  }

  /** Ends the session of this token, if any (logout, or a new login from the same browser). */
  async revoke(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await deleteSessionByTokenHash(this.db, sha256Hex(token));
  }

  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionId).digest('base64url');
  }

  /** Constant-time check of a presented `X-CSRF-Token` against the session's own. */
  csrfMatches(sessionId: string, presented: string | undefined): boolean {
    return presented !== undefined && presented.length > 0 && secretsEqual(presented, this.csrfToken(sessionId));
  }
}
