import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { sha256Hex } from '../lib/secret-hash.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export type LoginAdmission = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

/**
 * Login limiting (docs/console.md) over rows in the database, so every API node
 * counts the same attempts. An attempt is written *before* its password is
 * checked: a burst of parallel guesses cannot all pass while the first few are
 * still hashing (~100 ms each). The row then stays as the failure it turns out
 * to be; a success removes it with every earlier failure of that email.
 * Emails and addresses are stored as SHA-256 only (a password typed into the
 * email field is never kept in clear).
 */
export async function admitLoginAttempt(db: Kysely<Database>, now: number, email: string, address: string): Promise<LoginAdmission> {
  const attemptId = newId('cla');
  const limits = [
    { subject: emailSubject(email), max: MAX_FAILURES_PER_EMAIL },
    { subject: addressSubject(address), max: MAX_FAILURES_PER_ADDRESS },
  ];
  const windowStart = now - LOGIN_WINDOW_MS;
  await db.deleteFrom('console_login_attempts').where('attempted_at', '<=', windowStart).execute();
  await db
    .insertInto('console_login_attempts')
    .values(limits.map((l) => ({ attempt_id: attemptId, subject: l.subject, attempted_at: now })))
    .execute();
  const rows = await db
    .selectFrom('console_login_attempts')
    .select(['subject', 'attempted_at'])
    .where('subject', 'in', limits.map((l) => l.subject))
    .where('attempted_at', '>', windowStart)
    .where('attempt_id', '!=', attemptId)
    .execute();

  let retryAt = 0;
  for (const { subject, max } of limits) {
    const times = rows.filter((r) => r.subject === subject).map((r) => r.attempted_at).sort((a, b) => b - a);
    // Blocked until the max-th newest failure leaves the window.
    if (times.length >= max) retryAt = Math.max(retryAt, times[max - 1]! + LOGIN_WINDOW_MS);
  }
  if (retryAt === 0) return { allowed: true, attemptId };
  // A refused attempt is not a failure: it does not push the window further out.
  await db.deleteFrom('console_login_attempts').where('attempt_id', '=', attemptId).execute();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}

/** A correct password: this attempt and the email's earlier failures no longer count. */
export async function loginSucceeded(db: Kysely<Database>, attemptId: string, email: string): Promise<void> {
  await db
    .deleteFrom('console_login_attempts')
    .where((eb) => eb.or([eb('attempt_id', '=', attemptId), eb('subject', '=', emailSubject(email))]))
    .execute();
}

const emailSubject = (email: string) => sha256Hex(`email:${email}`);
const addressSubject = (address: string) => sha256Hex(`address:${address}`);
