import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { formatIpv4, parseIp } from '../fetch/ip-address.js';
import { newId } from '../lib/ids.js';
import { keyedHasher } from '../lib/secret-hash.js';

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
 *
 * Emails and addresses are stored only as HMACs under a key derived from
 * SECRET_KEY: a password typed into the email field is never kept in clear, and
 * a copy of the database cannot test guesses against an unkeyed hash.
 */
export class LoginThrottle {
  private readonly hash: (text: string) => string;

  constructor(
    private readonly db: Kysely<Database>,
    secretKey: string,
  ) {
    this.hash = keyedHasher(secretKey, 'console-login-attempts');
  }

  async admit(now: number, email: string, address: string): Promise<LoginAdmission> {
    const { db } = this;
    const attemptId = newId('cla');
    const limits = [
      { subject: this.emailSubject(email), max: MAX_FAILURES_PER_EMAIL },
      { subject: this.hash(`address:${clientNetwork(address)}`), max: MAX_FAILURES_PER_ADDRESS },
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
      .where(
        'subject',
        'in',
        limits.map((l) => l.subject),
      )
      .where('attempted_at', '>', windowStart)
      .where('attempt_id', '!=', attemptId)
      .execute();

    let retryAt = 0;
    for (const { subject, max } of limits) {
      const times = rows
        .filter((r) => r.subject === subject)
        .map((r) => r.attempted_at)
        .sort((a, b) => b - a);
      // Blocked until the max-th newest failure leaves the window.
      if (times.length >= max) retryAt = Math.max(retryAt, times[max - 1]! + LOGIN_WINDOW_MS);
    }
    if (retryAt === 0) return { allowed: true, attemptId };
    // A refused attempt is not a failure: it does not push the window further out.
    await db.deleteFrom('console_login_attempts').where('attempt_id', '=', attemptId).execute();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
  }

  /** A correct password: this attempt and the email's earlier failures no longer count. */
  async succeeded(attemptId: string, email: string): Promise<void> {
    await this.db
      .deleteFrom('console_login_attempts')
      .where((eb) => eb.or([eb('attempt_id', '=', attemptId), eb('subject', '=', this.emailSubject(email))]))
      .execute();
  }

  private emailSubject(email: string): string {
    return this.hash(`email:${email}`);
  }
}

/**
 * What the per-address limit counts: an IPv4 address, or an IPv6 client's /64.
 * One IPv6 host usually holds a whole /64 and can use a new address for every
 * guess; counted one by one, the 20-per-address limit would not hold. An
 * IPv4-mapped address (`::ffff:192.0.2.7`, a dual-stack socket's view of an
 * IPv4 client) is its IPv4 address, not the /64 every IPv4 client shares.
 */
export function clientNetwork(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.family === 4) return formatIpv4(ip.bytes);
  const mapped = ip.bytes.subarray(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  if (mapped) return formatIpv4(ip.bytes.subarray(12));
  const groups = Array.from({ length: 4 }, (_, i) => ((ip.bytes[2 * i]! << 8) | ip.bytes[2 * i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}
