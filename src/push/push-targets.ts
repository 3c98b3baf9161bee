import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countUsers, registeredUserIds, userIdsAtOffset, userIdPage, type UserFilter } from '../users/user-repo.js';
import type { ChunkRange } from './push-chunk.js';
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
 * The job's target list cut into ranges of `size` users, in file order:
 * `all` and `active` by user id (the id of every `size`-th user bounds a
 * range, read two rows at a time; the last range is open-ended, so a user who
 * becomes active later still falls in exactly one), `manual` as slices of
 * the requested ids. Ranges never overlap, so no user is in two chunks.
 */
export async function planRanges(db: Kysely<Database>, job: PushJob, size: number): Promise<ChunkRange[]> {
  if (job.targetMode === 'manual') {
    const ids = job.userIds ?? [];
    const ranges: ChunkRange[] = [];
    for (let at = 0; at < ids.length; at += size) ranges.push({ kind: 'listed', userIds: ids.slice(at, at + size) });
    return ranges.length > 0 ? ranges : [{ kind: 'listed', userIds: [] }];
  }
  const filter = targetFilter(job.targetMode, job.createdAt);
  const ranges: ChunkRange[] = [];
  let after: string | null = null;
  for (;;) {
    // The range's last user and the next one's first: without a next, this range is the last.
    const [through, next] = await userIdsAtOffset(db, job.tenantId, filter, after, size - 1, 2);
    if (through === undefined || next === undefined) {
      // Open-ended: a user who became active since the job was counted is in it.
      ranges.push({ kind: 'ids', after, through: null });
      return ranges;
    }
    ranges.push({ kind: 'ids', after, through });
    after = through;
  }
}

/**
 * A range's users in batches, streamed: `all` and `active` walk the users
 * table by id (keyset pages; never the whole list in memory), taking users
 * registered before the job was created, so the set matches what was counted
 * and reserved. `manual` walks the requested ids in their order and skips the
 * ones that are not registered.
 */
export async function* targetBatches(
  db: Kysely<Database>,
  job: PushJob,
  range: ChunkRange,
  batchSize: number,
): AsyncGenerator<TargetBatch> {
  if (range.kind === 'listed') {
    const ids = range.userIds;
    for (let at = 0; at < ids.length; at += batchSize) {
      const slice = ids.slice(at, at + batchSize);
      const known = await registeredUserIds(db, job.tenantId, slice);
      const userIds = slice.filter((id) => known.has(id));
      yield { userIds, skipped: slice.length - userIds.length };
    }
    return;
  }
  if (job.targetMode === 'manual') throw new Error(`job ${job.id} is manual; its chunks list their users`);
  const filter = targetFilter(job.targetMode, job.createdAt);
  let after = range.after;
  for (;;) {
    const userIds = await userIdPage(db, job.tenantId, filter, after, batchSize, range.through);
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
