import { sql, type Kysely, type Transaction } from 'kysely';
import { fixedQuery, placeholders } from '../db/fixed-query.js';
import { onPostgres, rowsPerUser, rowsPerUserText, uniqueIds } from '../db/rows-per-user.js';
import type { Database } from '../db/schema.js';
import { parseProperties } from './properties-column.js';
import type { Properties } from './user-properties.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface User {
  tenantId: string;
  userId: string;
  properties: Properties;
  createdAt: number;
  updatedAt: number;
  lastActiveAt: number | null;
}

export interface SourceRelation {
  sourceId: string;
  name: string;
  relation: 'follow' | 'block';
  since: number;
}

type UserRow = {
  tenant_id: string;
  user_id: string;
  properties: string;
  created_at: number;
  updated_at: number;
  last_active_at: number | null;
};

function toUser(row: UserRow): User {
  return {
    tenantId: row.tenant_id,
    userId: row.user_id,
    properties: parseProperties(row.properties),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActiveAt: row.last_active_at,
  };
}

/** `lock` (PostgreSQL only) holds the row until the transaction ends, for read-merge-write. */
export async function findUser(db: Db, tenantId: string, userId: string, lock = false): Promise<User | null> {
  let query = db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function insertUser(db: Db, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values({
      tenant_id: user.tenantId,
      user_id: user.userId,
      properties: JSON.stringify(user.properties),
      created_at: user.createdAt,
      updated_at: user.updatedAt,
      last_active_at: user.lastActiveAt,
    })
    .execute();
}

export async function saveUserProperties(db: Db, tenantId: string, userId: string, properties: Properties, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ properties: JSON.stringify(properties), updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}

/** A page of users in `user_id` order after `afterUserId` (keyset: stable while users come and go). */
export async function listUsers(db: Db, tenantId: string, afterUserId: string | null, limit: number): Promise<User[]> {
  let query = db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId);
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  const rows = await query.orderBy('user_id').limit(limit).execute();
  return rows.map(toUser);
}

/** The registered users among `userIds` (one query for the batch; a single user is a batch of one), with their properties. */
export async function propertiesOfUsers(db: Db, tenantId: string, userIds: readonly string[]): Promise<Map<string, Properties>> {
  const rows = onPostgres(db)
    ? await fixedQuery<{ user_id: string; properties: string }>(db, PROPERTIES_PG, [tenantId, uniqueIds(userIds)])
    : await fixedQuery<{ user_id: string; properties: string }>(
        db,
        `select user_id, properties from users where tenant_id = ? and user_id in (${placeholders(userIds.length)})`,
        [tenantId, ...userIds],
      );
  return new Map(rows.map((r) => [r.user_id, parseProperties(r.properties)]));
}

const PROPERTIES_PG = `select r.user_id, r.properties from ${rowsPerUserText(
  'select user_id, properties from users where tenant_id = $1 and user_id = u.user_id offset 0',
  2,
)}`;

/** Which users a batch read takes: registered by a time, and (when given) active since another. */
export interface UserFilter {
  registeredBy: number;
  activeSince?: number;
}

function filteredUsers(db: Db, tenantId: string, filter: UserFilter) {
  let query = db.selectFrom('users').where('tenant_id', '=', tenantId).where('created_at', '<=', filter.registeredBy);
  if (filter.activeSince !== undefined) query = query.where('last_active_at', '>=', filter.activeSince);
  return query;
}

export async function countUsers(db: Db, tenantId: string, filter: UserFilter): Promise<number> {
  const row = await filteredUsers(db, tenantId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of the filter's user ids in id order after `afterUserId`, up to `throughUserId` when given
 * (keyset: never the whole list in memory).
 */
export async function userIdPage(
  db: Db,
  tenantId: string,
  filter: UserFilter,
  afterUserId: string | null,
  limit: number,
  throughUserId: string | null = null,
): Promise<string[]> {
  let query = filteredUsers(db, tenantId, filter).select('user_id').orderBy('user_id').limit(limit);
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  if (throughUserId !== null) query = query.where('user_id', '<=', throughUserId);
  return (await query.execute()).map((r) => r.user_id);
}

/** Up to `limit` of the filter's user ids after `afterUserId` in id order, skipping the first `offset`: a few rows read, not `offset`. */
export async function userIdsAtOffset(
  db: Db,
  tenantId: string,
  filter: UserFilter,
  afterUserId: string | null,
  offset: number,
  limit: number,
): Promise<string[]> {
  let query = filteredUsers(db, tenantId, filter).select('user_id').orderBy('user_id').limit(limit).offset(offset);
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  return (await query.execute()).map((r) => r.user_id);
}

/** The registered users among `userIds` (one query for the batch). */
export async function registeredUserIds(db: Db, tenantId: string, userIds: readonly string[]): Promise<Set<string>> {
  const rows = onPostgres(db)
    ? (
        await sql<{ user_id: string }>`select r.user_id from ${rowsPerUser(
          userIds,
          sql`select user_id from users where tenant_id = ${tenantId} and user_id = u.user_id offset 0`,
        )}`.execute(db)
      ).rows
    : await db.selectFrom('users').select('user_id').where('tenant_id', '=', tenantId).where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The follows and blocks of a batch of users (one query), without the source names the API shows (sourceRelations). */
export async function sourceRelationsOfUsers(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<{ userId: string; sourceId: string; relation: 'follow' | 'block' }[]> {
  type Row = { user_id: string; source_id: string; relation: 'follow' | 'block' };
  const rows = onPostgres(db)
    ? await fixedQuery<Row>(db, RELATIONS_PG, [tenantId, uniqueIds(userIds)])
    : await fixedQuery<Row>(
        db,
        `select user_id, source_id, relation from user_sources where tenant_id = ? and user_id in (${placeholders(userIds.length)})`,
        [tenantId, ...userIds],
      );
  return rows.map((r) => ({ userId: r.user_id, sourceId: r.source_id, relation: r.relation }));
}

const RELATIONS_PG = `select r.user_id, r.source_id, r.relation from ${rowsPerUserText(
  'select user_id, source_id, relation from user_sources where tenant_id = $1 and user_id = u.user_id offset 0',
  2,
)}`;

export async function sourceRelations(db: Db, tenantId: string, userId: string): Promise<SourceRelation[]> {
  const rows = await db
    .selectFrom('user_sources')
    .innerJoin('sources', 'sources.id', 'user_sources.source_id')
    .select(['user_sources.source_id', 'sources.name', 'user_sources.relation', 'user_sources.created_at'])
    .where('user_sources.tenant_id', '=', tenantId)
    .where('user_sources.user_id', '=', userId)
    .orderBy('user_sources.created_at')
    .orderBy('user_sources.source_id')
    .execute();
  return rows.map((r) => ({ sourceId: r.source_id, name: r.name, relation: r.relation, since: r.created_at }));
}

/** Follow or block: one relation per source, so following a blocked source unblocks it. */
export async function setSourceRelation(
  db: Db,
  tenantId: string,
  userId: string,
  sourceId: string,
  relation: 'follow' | 'block',
  now: number,
): Promise<void> {
  await db
    .insertInto('user_sources')
    .values({ tenant_id: tenantId, user_id: userId, source_id: sourceId, relation, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id', 'source_id'])
        .doUpdateSet({ relation, created_at: now })
        .where('user_sources.relation', '!=', relation),
    )
    .execute();
}

export async function removeSourceRelation(
  db: Db,
  tenantId: string,
  userId: string,
  sourceId: string,
  relation: 'follow' | 'block',
): Promise<void> {
  await db
    .deleteFrom('user_sources')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('source_id', '=', sourceId)
    .where('relation', '=', relation)
    .execute();
}

/**
 * Deletes a user's profile and follows and blocks (the rest held about them:
 * erase-user.ts). Returns false when there was no profile.
 */
/**
 * Deletes a user's profile and their follows and blocks (erase-user.ts deletes
 * the rest held about them). False when there was no profile.
 */
export async function deleteUserRows(trx: Db, tenantId: string, userId: string): Promise<boolean> {
  const deleted = await trx.deleteFrom('users').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  await trx.deleteFrom('user_sources').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  return Number(deleted.numDeletedRows) > 0;
}
