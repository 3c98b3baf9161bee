import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countUsers, registeredUserIds, userIdPage, type UserFilter } from '../users/user-repo.js';
import type { PushJob } from './push-job.js';

/** "Active" users: a click or impression (`last_active_at`) within this window before the job was created (DESIGN §5). */
export const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60_000;

export interface TargetBatch {
  /** Users that exist, in file order. */
  userIds: string[];
  /** Requested ids (manual mode) that are not registered users: skipped and counted. */
  skipped: number;
}

/** How many users a job will process, counted at creation: what its credits reservation is based on. */
export async function countTargets(db: Kysely<Database>, tenantId: string, mode: 'all' | 'active', createdAt: number): Promise<number> {
  return countUsers(db, tenantId, targetFilter(mode, createdAt));
}

/**
 * The job's users in batches, streamed: `all` and `active` walk the users
 * table by id (keyset pages; never the whole list in memory), taking users
 * registered before the job was created, so the set matches what was counted
 * and reserved. `manual` walks the requested ids in their order and skips the
 * ones that are not registered.
 */
export async function* targetBatches(db: Kysely<Database>, job: PushJob, batchSize: number): AsyncGenerator<TargetBatch> {
  if (job.targetMode === 'manual') {
    const ids = job.userIds ?? [];
    for (let at = 0; at < ids.length; at += batchSize) {
      const slice = ids.slice(at, at + batchSize);
      const known = await registeredUserIds(db, job.tenantId, slice);
      const userIds = slice.filter((id) => known.has(id));
      yield { userIds, skipped: slice.length - userIds.length };
    }
    return;
  }
  const filter = targetFilter(job.targetMode, job.createdAt);
  let after: string | null = null;
  for (;;) {
    const userIds = await userIdPage(db, job.tenantId, filter, after, batchSize);
    if (userIds.length === 0) return;
    yield { userIds, skipped: 0 };
    if (userIds.length < batchSize) return;
    after = userIds[userIds.length - 1]!;
  }
}

/** Users registered when the job was created; for `active`, with a click or impression in the 30 days before. */
function targetFilter(mode: 'all' | 'active', createdAt: number): UserFilter {
  return mode === 'active' ? { registeredBy: createdAt, activeSince: createdAt - ACTIVE_WINDOW_MS } : { registeredBy: createdAt };
}
