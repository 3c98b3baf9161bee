import { CompiledQuery, type Transaction } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { parseProperties } from './properties-column.js';
import { mergeProperties, propertyLimitProblems, type Properties } from './user-properties.js';
import { saveUserProperties } from './user-repo.js';

// The users table as the event processor reads and writes it: a batch of
// events' users' properties (locked), then their new users, changed properties
// and activity times, one tenant at a time, inside the processor's transaction.
type Trx = Transaction<Database>;

export interface NewUser {
  properties: Properties;
  createdAt: number;
  lastActiveAt: number | null;
}

/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

/**
 * The stored properties of those of `userIds` that exist, locked on PostgreSQL
 * until the transaction ends: a PATCH or another worker writing them meanwhile
 * would otherwise lose one side's keys (SQLite's one writer already excludes them).
 */
export async function lockUserProperties(
  trx: Trx,
  kind: DatabaseKind,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, Properties>> {
  const users = new Map<string, Properties>();
  for (let i = 0; i < userIds.length; i += 500) {
    let query = trx
      .selectFrom('users')
      .select(['user_id', 'properties'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds.slice(i, i + 500));
    if (kind === 'postgres') query = query.orderBy('user_id').forUpdate();
    for (const r of await query.execute()) users.set(r.user_id, parseProperties(r.properties));
  }
  return users;
}

/**
 * Creates the users not yet stored. One created meanwhile (by a PUT, or
 * another worker) keeps its row: the batch's attributes are merged into it
 * instead of being dropped, unless the merge would break the property limits.
 */
export async function insertNewUsers(trx: Trx, tenantId: string, users: ReadonlyMap<string, NewUser>, now: number): Promise<void> {
  // In one order (by id): two processors creating the same users wait for each other instead of deadlocking.
  const entries = [...users].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    const rows = chunk.map(([userId, u]) => ({
      tenant_id: tenantId,
      user_id: userId,
      properties: JSON.stringify(u.properties),
      created_at: u.createdAt,
      updated_at: now,
      last_active_at: u.lastActiveAt,
    }));
    const inserted = await trx
      .insertInto('users')
      .values(rows)
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    const created = new Set(inserted.map((r) => r.user_id));
    const existing = chunk.filter(([userId, u]) => !created.has(userId) && Object.keys(u.properties).length > 0);
    if (existing.length > 0) await mergeIntoExisting(trx, tenantId, new Map(existing.map(([userId, u]) => [userId, u.properties])), now);
  }
}

/** Stores each user's whole new properties (already merged and checked by the caller). */
export async function savePropertiesOfUsers(
  trx: Trx,
  tenantId: string,
  updates: ReadonlyMap<string, Properties>,
  now: number,
): Promise<void> {
  for (const [userId, properties] of updates) await saveUserProperties(trx, tenantId, userId, properties, now);
}

/** Users per UPDATE on SQLite: 200 × 2 bound values, well under its bound-parameter limit. */
const ACTIVE_CHUNK = 200;

/**
 * Moves each user's `last_active_at` forward to the time given, never back:
 * one statement for the batch (per 200 users on SQLite), not one per user. A
 * batch of the events bench touches 100 users; their 100 UPDATEs were the
 * processor's largest count of statements on PostgreSQL (issue 20). Rows whose
 * time would not move are not written.
 */
export async function advanceLastActive(trx: Trx, kind: DatabaseKind, tenantId: string, times: ReadonlyMap<string, number>): Promise<void> {
  if (times.size === 0) return;
  if (kind === 'postgres') {
    await trx.executeQuery(
      CompiledQuery.raw(
        `update users set last_active_at = v.at from unnest($1::text[], $2::bigint[]) as v(user_id, at)
         where users.tenant_id = $3 and users.user_id = v.user_id and (users.last_active_at is null or users.last_active_at < v.at)`,
        [[...times.keys()], [...times.values()], tenantId],
      ),
    );
    return;
  }
  const entries = [...times];
  for (let i = 0; i < entries.length; i += ACTIVE_CHUNK) {
    const chunk = entries.slice(i, i + ACTIVE_CHUNK);
    await trx.executeQuery(
      CompiledQuery.raw(
        `update users set last_active_at = v.column2 from (values ${chunk.map(() => '(?, ?)').join(', ')}) as v
         where users.tenant_id = ? and users.user_id = v.column1 and (users.last_active_at is null or users.last_active_at < v.column2)`,
        [...chunk.flat(), tenantId],
      ),
    );
  }
}

async function mergeIntoExisting(trx: Trx, tenantId: string, attributes: ReadonlyMap<string, Properties>, now: number): Promise<void> {
  const rows = await trx
    .selectFrom('users')
    .select(['user_id', 'properties'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', [...attributes.keys()])
    .execute();
  const merged = new Map<string, Properties>();
  for (const row of rows) {
    const properties = mergeProperties(parseProperties(row.properties), attributes.get(row.user_id)!);
    if (propertyLimitProblems(properties).length === 0) merged.set(row.user_id, properties);
  }
  await savePropertiesOfUsers(trx, tenantId, merged, now);
}
