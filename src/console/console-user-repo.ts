import type { Kysely, Selectable } from 'kysely';
import type { ConsoleUsersTable, Database } from '../db/schema.js';

export type ConsoleRole = 'operator' | 'member';

/** A console account as the rest of the code sees it (never with its password hash). */
export interface ConsoleUser {
  id: string;
  email: string;
  role: ConsoleRole;
  /** The member's tenant; null for operators. */
  tenantId: string | null;
  createdAt: number;
  lastLoginAt: number | null;
}

export function toConsoleUser(
  row: Pick<Selectable<ConsoleUsersTable>, 'id' | 'email' | 'role' | 'tenant_id' | 'created_at' | 'last_login_at'>,
): ConsoleUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    tenantId: row.tenant_id,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export async function insertConsoleUser(db: Kysely<Database>, user: ConsoleUser, passwordHash: string): Promise<void> {
  await db
    .insertInto('console_users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: passwordHash,
      role: user.role,
      tenant_id: user.tenantId,
      created_at: user.createdAt,
      last_login_at: user.lastLoginAt,
    })
    .execute();
}

/** The user and its password hash, for a login; `email` must already be normalised. */
export async function findLoginByEmail(db: Kysely<Database>, email: string): Promise<{ user: ConsoleUser; passwordHash: string } | null> {
  const row = await db.selectFrom('console_users').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? { user: toConsoleUser(row), passwordHash: row.password_hash } : null;
}

export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await db.selectFrom('console_users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

export async function listConsoleUsers(db: Kysely<Database>): Promise<ConsoleUser[]> {
  const rows = await db
    .selectFrom('console_users')
    .select(['id', 'email', 'role', 'tenant_id', 'created_at', 'last_login_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toConsoleUser);
}

export async function recordLogin(db: Kysely<Database>, userId: string, at: number): Promise<void> {
  await db.updateTable('console_users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/** Deletes the user and every session of it; false when there was no such user. */
export async function deleteConsoleUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The foreign key cascades too; saying it here does not depend on SQLite's pragma.
    await trx.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
    const result = await trx.deleteFrom('console_users').where('id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

export async function findConsoleUser(db: Kysely<Database>, userId: string): Promise<ConsoleUser | null> {
  const row = await db
    .selectFrom('console_users')
    .select(['id', 'email', 'role', 'tenant_id', 'created_at', 'last_login_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? toConsoleUser(row) : null;
}

export async function countOperators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('console_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'operator')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setConsoleUserRole(db: Kysely<Database>, userId: string, role: ConsoleRole, tenantId: string | null): Promise<void> {
  await db.updateTable('console_users').set({ role, tenant_id: tenantId }).where('id', '=', userId).execute();
}
