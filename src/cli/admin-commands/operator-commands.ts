import { readFileSync } from 'node:fs';
import { one, query, str, type Commands } from './admin-args.js';

/** Console users, the audit log, and a tenant's usage. */
export const OPERATOR_COMMANDS: Commands = {
  'users create': [
    'users create --email E --role operator|member [--tenant TENANT] [--password P]  (else CONSOLE_PASSWORD, else standard input)',
    (_a, f) => ({
      method: 'POST',
      path: '/admin/v1/console-users',
      body: { email: str(f.email), role: str(f.role), tenant_id: str(f.tenant), password: consolePassword(f.password) },
    }),
  ],
  'users list': ['users list', () => ({ method: 'GET', path: '/admin/v1/console-users' })],
  'users role': [
    'users role USER_ID --role operator|member [--tenant TENANT]',
    (a, f) => ({
      method: 'PATCH',
      path: `/admin/v1/console-users/${one(a, 'users role USER_ID --role operator|member [--tenant TENANT]')}`,
      body: { role: str(f.role), tenant_id: str(f.tenant) },
    }),
  ],
  'users delete': [
    'users delete USER_ID',
    (a) => ({ method: 'DELETE', path: `/admin/v1/console-users/${one(a, 'users delete USER_ID')}` }),
  ],
  'audit list': [
    'audit list [--tenant TENANT] [--limit N] [--cursor C]',
    (_a, f) => ({
      method: 'GET',
      path: `/admin/v1/audit-log${query({ tenant_id: str(f.tenant), limit: str(f.limit), cursor: str(f.cursor) })}`,
    }),
  ],
  'usage show': [
    'usage show TENANT [--from YYYY-MM-DD] [--to YYYY-MM-DD]',
    (a, f) => ({
      method: 'GET',
      path: `/admin/v1/tenants/${one(a, 'usage show TENANT')}/usage${query({ from: str(f.from), to: str(f.to) })}`,
    }),
  ],
};

/**
 * A console user's password: `--password` (visible in the process list, so
 * for scripts on one's own machine), else CONSOLE_PASSWORD, else the first
 * line of standard input (`printf '%s\n' "$PW" | content-feed admin users create …`).
 * Never typed at a terminal: it would echo the password on the screen (and
 * into a recorded session), so a terminal on standard input is refused.
 */
function consolePassword(flag: string | boolean | undefined): string {
  if (typeof flag === 'string') return flag;
  const fromEnv = process.env.CONSOLE_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) {
    throw new Error(
      'not reading the password from a terminal, which would show it as you type: ' +
        `pipe it (printf '%s\\n' "$PW" | content-feed admin users create …), set CONSOLE_PASSWORD, or give --password`,
    );
  }
  const line = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (line === '') throw new Error('no password: give --password, set CONSOLE_PASSWORD or write it to standard input');
  return line;
}
