import type { Kysely } from 'kysely';
import type { ChangeBus } from '../changes/change-bus.js';
import { findSource } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import type { Signer } from '../lib/signer.js';
import { eraseFromPushFiles } from '../push/push-erasure.js';
import type { ObjectStore } from '../storage/object-store.js';
import { assertPropertyLimits, mergeProperties, type Properties } from './user-properties.js';
import { deleteUserEverywhere } from './erase-user.js';
import {
  findUser,
  insertUser,
  listUsers,
  removeSourceRelation,
  saveUserProperties,
  setSourceRelation,
  sourceRelations,
  type User,
} from './user-repo.js';
import { userDetail, userRecord } from './user-view.js';

export interface UserServiceDeps {
  db: Kysely<Database>;
  dbKind: 'sqlite' | 'postgres';
  clock: Clock;
  cursors: Signer;
  /** Every node's cached state of the user is dropped when it changes here. */
  changes: ChangeBus;
  /** Push candidate files, from which a deleted user's lines are erased. */
  objects: ObjectStore;
}

/** The user's feed must reflect the edit from its next first page on. */
function changed(deps: UserServiceDeps, tenantId: string, userId: string): void {
  deps.changes.publish({ kind: 'users', tenantId, userIds: [userId], rerank: 'now' });
}

export const USER_PAGE_DEFAULT = 100;
export const USER_PAGE_MAX = 1000;

async function requireUser(db: Kysely<Database>, tenantId: string, userId: string): Promise<User> {
  const user = await findUser(db, tenantId, userId);
  if (!user) throw errors.notFound(`No user ${JSON.stringify(userId)}.`);
  return user;
}

export async function describeUser(db: Kysely<Database>, tenantId: string, userId: string) {
  const user = await requireUser(db, tenantId, userId);
  return userDetail(user, await sourceRelations(db, tenantId, userId));
}

/** PUT: create or replace the whole profile. */
export async function putUser(deps: UserServiceDeps, tenantId: string, userId: string, properties: Properties) {
  assertPropertyLimits(properties);
  const now = deps.clock.now();
  const existing = await findUser(deps.db, tenantId, userId);
  if (existing) {
    await saveUserProperties(deps.db, tenantId, userId, properties, now);
  } else {
    try {
      await insertUser(deps.db, { tenantId, userId, properties, createdAt: now, updatedAt: now, lastActiveAt: null });
    } catch (error) {
      // Created concurrently (another PUT or a login event): replace as PUT promises.
      if (!(await findUser(deps.db, tenantId, userId))) throw error;
      await saveUserProperties(deps.db, tenantId, userId, properties, now);
      changed(deps, tenantId, userId);
      return { created: false, user: await describeUser(deps.db, tenantId, userId) };
    }
  }
  changed(deps, tenantId, userId);
  return { created: !existing, user: await describeUser(deps.db, tenantId, userId) };
}

/** PATCH: merge the given properties; `null` removes one. */
export async function patchUser(deps: UserServiceDeps, tenantId: string, userId: string, patch: Properties) {
  await deps.db.transaction().execute(async (trx) => {
    // Locked on PostgreSQL: a login merging attributes meanwhile must not lose our keys, nor we its.
    const user = await findUser(trx, tenantId, userId, deps.dbKind === 'postgres');
    if (!user) throw errors.notFound(`No user ${JSON.stringify(userId)}.`);
    const merged = mergeProperties(user.properties, patch);
    assertPropertyLimits(merged);
    await saveUserProperties(trx, tenantId, userId, merged, deps.clock.now());
  });
  changed(deps, tenantId, userId);
  return describeUser(deps.db, tenantId, userId);
}

export async function deleteUser(deps: UserServiceDeps, tenantId: string, userId: string): Promise<void> {
  if (!(await deleteUserEverywhere(deps.db, tenantId, userId))) throw errors.notFound(`No user ${JSON.stringify(userId)}.`);
  changed(deps, tenantId, userId);
  // Only registered users get a line in a push file; the 204 waits for the files to be clean.
  await eraseFromPushFiles(deps.db, deps.objects, tenantId, [userId]);
}

interface UserCursor {
  t: string;
  a: string;
}

/** A page of the tenant's users; the cursor is signed and bound to the tenant. */
export async function pageUsers(deps: UserServiceDeps, tenantId: string, limit: number, cursor: string | undefined) {
  let after: string | null = null;
  if (cursor !== undefined) {
    const decoded = deps.cursors.verify<UserCursor>(cursor);
    if (!decoded || decoded.t !== tenantId || typeof decoded.a !== 'string') {
      throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint');
    }
    after = decoded.a;
  }
  const rows = await listUsers(deps.db, tenantId, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? deps.cursors.sign({ t: tenantId, a: last.userId } satisfies UserCursor) : null;
  return { users: page.map(userRecord), meta: { next_cursor: next } };
}

export async function relateToSource(
  deps: UserServiceDeps,
  tenantId: string,
  userId: string,
  sourceId: string,
  relation: 'follow' | 'block',
  on: boolean,
): Promise<void> {
  await requireUser(deps.db, tenantId, userId);
  if (!(await findSource(deps.db, sourceId))) throw errors.notFound(`No source ${sourceId}.`);
  if (on) await setSourceRelation(deps.db, tenantId, userId, sourceId, relation, deps.clock.now());
  else await removeSourceRelation(deps.db, tenantId, userId, sourceId, relation);
  changed(deps, tenantId, userId);
}
