import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
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
  const row = await targetQuery(db, tenantId, mode, createdAt)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
      const rows = await db.selectFrom('users').select('user_id').where('tenant_id', '=', job.tenantId).where('user_id', 'in', slice).execute();
      const known = new Set(rows.map((r) => r.user_id));
      const userIds = slice.filter((id) => known.has(id));
      yield { userIds, skipped: slice.length - userIds.length };
    }
    return;
  }
  let after: string | null = null;
  for (;;) {
    let query = targetQuery(db, job.tenantId, job.targetMode, job.createdAt).select('user_id').orderBy('user_id').limit(batchSize);
    if (after !== null) query = query.where('user_id', '>', after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield { userIds: rows.map((r) => r.user_id), skipped: 0 };
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.user_id;
  }
}

function targetQuery(db: Kysely<Database>, tenantId: string, mode: 'all' | 'active', createdAt: number) {
  let query = db.selectFrom('users').where('tenant_id', '=', tenantId).where('created_at', '<=', createdAt);
  if (mode === 'active') query = query.where('last_active_at', '>=', createdAt - ACTIVE_WINDOW_MS);
  return query;
}
