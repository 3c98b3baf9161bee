import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { requireTenant } from '../tenants/tenant-service.js';
import {
  countOperators,
  deleteConsoleUser as deleteUserRow,
  emailTaken,
  findConsoleUser,
  insertConsoleUser,
  setConsoleUserRole,
  type ConsoleRole,
  type ConsoleUser,
} from './console-user-repo.js';
import { hashPassword } from './password-hash.js';

export interface ConsoleUserDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export interface NewConsoleUser {
  email: string;
  password: string;
  role: ConsoleRole;
  /** Required for a member, refused for an operator. */
  tenantId?: string | null;
}

export const MIN_PASSWORD_CHARS = 10;
export const MAX_PASSWORD_CHARS = 1024;
export const MAX_EMAIL_CHARS = 254;

/** Emails compare case-insensitively: stored and looked up trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates a console account (admin route, CLI and demo seeding all come here).
 * Throws problem errors: 400 for a bad email, weak password or a role/tenant
 * mismatch, 404 for an unknown tenant, 409 for an email already in use.
 */
export async function createConsoleUser(deps: ConsoleUserDeps, input: NewConsoleUser): Promise<ConsoleUser> {
  const email = normaliseEmail(input.email);
  if (email.length > MAX_EMAIL_CHARS || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw errors.invalidField('body', 'email', 'must be an email address');
  }
  const chars = [...input.password].length;
  if (chars < MIN_PASSWORD_CHARS) throw errors.invalidField('body', 'password', `must be at least ${MIN_PASSWORD_CHARS} characters`);
  if (chars > MAX_PASSWORD_CHARS) throw errors.invalidField('body', 'password', `must be at most ${MAX_PASSWORD_CHARS} characters`);
  const tenantId = await roleTenant(deps, input.role, input.tenantId);
  if (await emailTaken(deps.db, email)) throw errors.conflict(`A console user with the email ${email} exists already.`);

  const user: ConsoleUser = { id: newId('cu'), email, role: input.role, tenantId, createdAt: deps.clock.now(), lastLoginAt: null };
  const passwordHash = await hashPassword(input.password);
  try {
    await insertConsoleUser(deps.db, user, passwordHash);
  } catch (err) {
    // Two creations of one email at once: the unique index decides.
    if (isUniqueViolation(err)) throw errors.conflict(`A console user with the email ${email} exists already.`);
    throw err;
  }
  return user;
}

/** The tenant a role comes with: a member's (required, existing), none for an operator (400 otherwise). */
async function roleTenant(deps: ConsoleUserDeps, role: ConsoleRole, given: string | null | undefined): Promise<string | null> {
  const tenantId = given ?? null;
  if (role === 'member' && tenantId === null) throw errors.invalidField('body', 'tenant_id', 'is required for a member');
  if (role === 'operator' && tenantId !== null) {
    throw errors.invalidField('body', 'tenant_id', 'must not be set for an operator (operators see every tenant)');
  }
  if (tenantId !== null) await requireTenant(deps.db, tenantId);
  return tenantId;
}

/**
 * Changes a console user's role (and a member's tenant). Sessions stay open and
 * carry the new role from their next request: the session reads its user each time.
 * The last operator cannot become a member (409): nobody could undo it from the console.
 */
export async function changeConsoleUserRole(
  deps: ConsoleUserDeps,
  userId: string,
  role: ConsoleRole,
  givenTenantId: string | null | undefined,
): Promise<ConsoleUser> {
  const user = await findConsoleUser(deps.db, userId);
  if (!user) throw errors.notFound(`No console user ${userId}.`);
  const tenantId = await roleTenant(deps, role, givenTenantId);
  if (user.role === 'operator' && role === 'member' && (await countOperators(deps.db)) <= 1) {
    throw errors.conflict(`${user.email} is the only operator: make someone else an operator first.`);
  }
  await setConsoleUserRole(deps.db, userId, role, tenantId);
  return { ...user, role, tenantId };
}

/** Deletes a console user; its sessions end with it. */
export async function removeConsoleUser(deps: ConsoleUserDeps, userId: string): Promise<void> {
  if (!(await deleteUserRow(deps.db, userId))) throw errors.notFound(`No console user ${userId}.`);
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
