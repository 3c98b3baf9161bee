import { sql, type Insertable, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database, PushJobsTable } from '../db/schema.js';
import { ACTIVE_STATUSES, toPushJob, type PushJob } from './push-job.js';
import { claimable, claimedBy, heldBy as leaseHeldBy, MAX_ATTEMPTS, type LeaseHolder } from './push-lease.js';

type Db = Kysely<Database>;

export { MAX_ATTEMPTS } from './push-lease.js';

export async function findJob(db: Db, tenantId: string, jobId: string): Promise<PushJob | null> {
  const row = await db.selectFrom('push_jobs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', jobId).executeTakeFirst();
  return row ? toPushJob(row) : null;
}

/** A tenant's most recent jobs, newest first (finished jobs are kept only for the retention period). */
export async function listJobs(db: Db, tenantId: string, limit: number): Promise<PushJob[]> {
  const rows = await db
    .selectFrom('push_jobs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPushJob);
}

export async function findJobById(db: Db, jobId: string): Promise<PushJob | null> {
  const row = await db.selectFrom('push_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  return row ? toPushJob(row) : null;
}

export async function findByIdempotencyKey(db: Db, tenantId: string, key: string): Promise<PushJob | null> {
  const row = await db
    .selectFrom('push_jobs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? toPushJob(row) : null;
}

export async function countActiveJobs(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('push_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Millicredits the tenant's unfinished jobs hold against its usage cap. */
export async function heldMillicredits(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('push_jobs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('reserved_millicredits'), sql<number>`0`).as('held'))
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * Locks the tenant's row until the transaction ends (PostgreSQL), so concurrent creates count active
 * jobs one at a time. SQLite transactions are serial already.
 */
export async function lockTenant(db: Db, kind: DatabaseKind, tenantId: string): Promise<void> {
  if (kind === 'postgres') await db.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().execute();
}

export async function insertJob(db: Db, row: Insertable<PushJobsTable>): Promise<void> {
  await db.insertInto('push_jobs').values(row).execute();
}

/**
 * Takes the oldest job that is waiting, or whose worker stopped renewing its
 * lease, for `owner`: one UPDATE, with `FOR UPDATE SKIP LOCKED` on PostgreSQL
 * so concurrent workers each get a different job and never wait on each other.
 * Returns the job as claimed (attempts counts this run). Progress is kept:
 * a run that takes the job over resumes after the chunks already done.
 */
export async function claimJob(db: Db, kind: DatabaseKind, owner: string, now: number, leaseMs: number): Promise<PushJob | null> {
  const next = db
    .selectFrom('push_jobs')
    .select('id')
    .where((eb) => claimable(eb, now))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .$if(kind === 'postgres', (qb) => qb.forUpdate().skipLocked());
  const row = await db
    .updateTable('push_jobs')
    .set({ ...claimedBy(owner, now, leaseMs), started_at: sql`coalesce(started_at, ${now})` })
    .where('id', 'in', next)
    .returningAll()
    .executeTakeFirst();
  return row ? toPushJob(row) : null;
}

/** Jobs whose last allowed run's worker stopped renewing its lease: they fail instead of running again. */
export async function abandonedJobIds(db: Db, now: number): Promise<{ id: string; owner: string | null; attempts: number }[]> {
  const rows = await db
    .selectFrom('push_jobs')
    .select(['id', 'lease_owner', 'attempts'])
    .where('status', '=', 'processing')
    .where('lease_expires_at', '<', now)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  return rows.map((r) => ({ id: r.id, owner: r.lease_owner, attempts: r.attempts }));
}

/** The run that holds a job: its worker and attempt number. Every write of a run is conditional on it. */
export interface RunHandle extends LeaseHolder {
  jobId: string;
}

/** Limits an update to the rows a run may write: its job, still processing, still leased to it. */
const heldBy = (run: RunHandle) => leaseHeldBy<'push_jobs'>(run.jobId, run);

/** Extends the lease; false when the run lost its job (taken over or finished elsewhere). */
export async function renewLease(db: Db, run: RunHandle, now: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('push_jobs')
    .set({ lease_expires_at: now + leaseMs })
    .$call(heldBy(run))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Adds a finished chunk's users to the job's progress (the job view's `users_processed`), in the
 * chunk's transaction; false when the job has ended.
 */
export async function addProgress(db: Db, jobId: string, processed: number, skipped: number): Promise<boolean> {
  const result = await db
    .updateTable('push_jobs')
    .set({ users_processed: sql`users_processed + ${processed}`, users_skipped: sql`users_skipped + ${skipped}` })
    .where('id', '=', jobId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a run's job; false (and nothing written) when the run no longer holds it. */
export async function finishRun(
  db: Db,
  run: RunHandle | { jobId: string; owner: string | null; attempt: number },
  outcome:
    | { status: 'completed'; now: number; processed: number; skipped: number; charged: number; resultKey: string }
    | { status: 'failed'; now: number; processed: number; skipped: number; code: string; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('push_jobs')
    .set({
      status: outcome.status,
      finished_at: outcome.now,
      lease_owner: null,
      lease_expires_at: null,
      users_processed: outcome.processed,
      users_skipped: outcome.skipped,
      charged_millicredits: outcome.status === 'completed' ? outcome.charged : 0,
      result_key: outcome.status === 'completed' ? outcome.resultKey : null,
      error_code: outcome.status === 'failed' ? outcome.code : null,
      error_message: outcome.status === 'failed' ? outcome.message : null,
    })
    .where('id', '=', run.jobId)
    .where('status', '=', 'processing')
    .where((eb) => (run.owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', run.owner)))
    .where('attempts', '=', run.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Finished jobs older than `before`, with how many runs wrote files, for the retention sweep. */
export async function expiredJobs(db: Db, before: number, limit: number): Promise<{ id: string; attempts: number }[]> {
  const rows = await db
    .selectFrom('push_jobs')
    .select(['id', 'attempts'])
    .where('status', 'in', ['completed', 'failed'])
    .where('finished_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, attempts: r.attempts }));
}

export async function deleteJob(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('push_history').where('job_id', '=', jobId).execute();
  await db.deleteFrom('push_job_chunks').where('job_id', '=', jobId).execute();
  await db.deleteFrom('push_jobs').where('id', '=', jobId).execute();
}

/**
 * Gives a job back to the queue (its worker is shutting down): the next worker resumes it, and this
 * run does not count as an attempt.
 */
export async function releaseRun(db: Db, run: RunHandle): Promise<boolean> {
  const result = await db
    .updateTable('push_jobs')
    .set({ status: 'pending', lease_owner: null, lease_expires_at: null, attempts: sql`attempts - 1` })
    .$call(heldBy(run))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a run's lease now (it hit an error): the next poll takes the job over as a new attempt, or fails it after the last. */
export async function abandonRun(db: Db, run: RunHandle, now: number): Promise<void> {
  await db
    .updateTable('push_jobs')
    .set({ lease_expires_at: now - 1 })
    .$call(heldBy(run))
    .execute();
}
