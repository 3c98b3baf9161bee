/** Table types of the console's users, sessions and login attempts (src/console/). As in schema.ts: epoch milliseconds. */

export interface ConsoleUsersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** scrypt, parameters inside (src/console/password-hash.ts). */
  password_hash: string;
  role: 'operator' | 'member';
  /** Set for members only. */
  tenant_id: string | null;
  created_at: number;
  last_login_at: number | null;
}

export interface ConsoleSessionsTable {
  id: string;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end, however active the session is. */
  expires_at: number;
}

export interface ConsoleLoginAttemptsTable {
  attempt_id: string;
  /** SHA-256 of `email:<email>` or `address:<ip>`. */
  subject: string;
  attempted_at: number;
}
