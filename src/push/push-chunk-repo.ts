import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { chunkId, toPushChunk, type ChunkRange, type PushChunk } from './push-chunk.js';
import { claimable, claimedBy, heldBy as leaseHeldBy, MAX_ATTEMPTS, type LeaseHolder } from './push-lease.js';

type Db = Kysely<Database>;

/** Writes a job's chunks (once: a job that has them keeps them, so a takeover resumes after the chunks already done). */
export async function insertChunks(db: Db, jobId: string, ranges: ChunkRange[]): Promise<void> {
  const rows = ranges.map((range, seq) => ({
    id: chunkId(jobId, seq),
    job_id: jobId,
    seq,
    after_user_id: range.kind === 'ids' ? range.after : null,
    through_user_id: range.kind === 'ids' ? range.through : null,
    user_ids: range.kind === 'listed' ? JSON.stringify(range.userIds) : null,
    status: 'pending' as const,
  }));
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('push_job_chunks')
      .values(rows.slice(at, at + 500))
      .execute();
}

export async function hasChunks(db: Db, jobId: string): Promise<boolean> {
  return (await db.selectFrom('push_job_chunks').select('id').where('job_id', '=', jobId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Takes the first chunk that is waiting, or whose worker stopped renewing its
 * lease, of `jobId` or (null) of any job being processed, for `owner`: one
 * UPDATE, with `FOR UPDATE SKIP LOCKED` on PostgreSQL as for jobs, so workers
 * sharing a job each get a different chunk without waiting on each other.
 */
export async function claimChunk(
  db: Db,
  kind: DatabaseKind,
  owner: string,
  now: number,
  leaseMs: number,
  jobId: string | null,
): Promise<PushChunk | null> {
  const next = db
    .selectFrom('push_job_chunks')
    .select('id')
    .where((eb) => claimable(eb, now))
    .$if(jobId !== null, (qb) => qb.where('job_id', '=', jobId!))
    .$if(jobId === null, (qb) => qb.where('job_id', 'in', db.selectFrom('push_jobs').select('id').where('status', '=', 'processing')))
    .orderBy('job_id')
    .orderBy('seq')
    .limit(1)
    .$if(kind === 'postgres', (qb) => qb.forUpdate().skipLocked());
  const row = await db
    .updateTable('push_job_chunks')
    .set(claimedBy(owner, now, leaseMs))
    .where('id', 'in', next)
    .returningAll()
    .executeTakeFirst();
  return row ? toPushChunk(row) : null;
}

/** The run that holds a chunk. Every write of the run is conditional on it. */
export interface ChunkHandle extends LeaseHolder {
  chunkId: string;
}

const heldBy = (run: ChunkHandle) => leaseHeldBy<'push_job_chunks'>(run.chunkId, run);

/** Extends the chunk's lease; false when the run lost it. */
export async function renewChunkLease(db: Db, run: ChunkHandle, now: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('push_job_chunks')
    .set({ lease_expires_at: now + leaseMs })
    .$call(heldBy(run))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the chunk done with its part file; false (nothing written) when the run no longer holds it. */
export async function finishChunk(
  db: Db,
  run: ChunkHandle,
  done: { processed: number; skipped: number; partKey: string },
): Promise<boolean> {
  const result = await db
    .updateTable('push_job_chunks')
    .set({
      status: 'done',
      lease_owner: null,
      lease_expires_at: null,
      users_processed: done.processed,
      users_skipped: done.skipped,
      part_key: done.partKey,
    })
    .$call(heldBy(run))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a chunk back (its worker is stopping): waiting again, and this run does not count as an attempt. */
export async function releaseChunk(db: Db, run: ChunkHandle): Promise<void> {
  await db
    .updateTable('push_job_chunks')
    .set({ status: 'pending', lease_owner: null, lease_expires_at: null, attempts: sql`attempts - 1` })
    .$call(heldBy(run))
    .execute();
}

/** Ends a chunk's lease now (its run hit an error): the next claim takes it over as a new attempt. */
export async function abandonChunk(db: Db, run: ChunkHandle, now: number): Promise<void> {
  await db
    .updateTable('push_job_chunks')
    .set({ lease_expires_at: now - 1 })
    .$call(heldBy(run))
    .execute();
}

/** How far a job's chunks are: all done, or one whose runs kept dying (it will not be claimed again). */
export async function chunkState(db: Db, jobId: string, now: number): Promise<{ total: number; done: number; exhausted: number }> {
  const rows = await db
    .selectFrom('push_job_chunks')
    .select(['status', 'lease_expires_at', 'attempts'])
    .where('job_id', '=', jobId)
    .execute();
  let done = 0;
  let exhausted = 0;
  for (const r of rows) {
    if (r.status === 'done') done += 1;
    else if (r.status === 'processing' && Number(r.lease_expires_at) < now && r.attempts >= MAX_ATTEMPTS) exhausted += 1;
  }
  return { total: rows.length, done, exhausted };
}

/** The done chunks' part files in file order, with their counts. */
export async function doneParts(db: Db, jobId: string): Promise<{ partKey: string; processed: number; skipped: number }[]> {
  const rows = await db
    .selectFrom('push_job_chunks')
    .select(['part_key', 'users_processed', 'users_skipped'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'done')
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ partKey: r.part_key!, processed: r.users_processed, skipped: r.users_skipped }));
}

/** Every chunk's seq and attempts begun: the part files its runs may have written. */
export async function chunkAttempts(db: Db, jobId: string): Promise<{ seq: number; attempts: number }[]> {
  return db.selectFrom('push_job_chunks').select(['seq', 'attempts']).where('job_id', '=', jobId).execute();
}

export async function deleteChunks(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('push_job_chunks').where('job_id', '=', jobId).execute();
}
