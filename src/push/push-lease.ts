import { sql, type ExpressionBuilder, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The lease both push jobs and their chunks are claimed under (push-job-repo.ts,
 * push-chunk-repo.ts): a worker claims a waiting row, or one whose worker stopped
 * renewing its lease, with `FOR UPDATE SKIP LOCKED` on PostgreSQL; every later
 * write of its run is conditional on still holding it.
 */

/** A run taken over this many times (its workers kept dying) fails instead of starting again. */
export const MAX_ATTEMPTS = 3;

/** The tables whose rows workers lease: jobs, and the chunks workers sharing a job split it into. */
type LeasedTable = 'push_jobs' | 'push_job_chunks';

// Kysely cannot check a column against a table left generic (T extends LeasedTable): the helpers
// are written against both tables at once, whose lease columns have the same names and types.
type Both = ExpressionBuilder<Database, LeasedTable>;
type Update<T extends LeasedTable> = UpdateQueryBuilder<Database, T, T, UpdateResult>;

/** The run that holds a leased row: its worker and attempt number. */
export interface LeaseHolder {
  owner: string;
  attempt: number;
}

/** A row a worker may claim: waiting, or leased to a worker that stopped renewing it, with attempts left. */
export function claimable<T extends LeasedTable>(builder: ExpressionBuilder<Database, T>, now: number) {
  const eb = builder as unknown as Both;
  return eb.or([
    eb('status', '=', 'pending'),
    eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<', now), eb('attempts', '<', MAX_ATTEMPTS)]),
  ]);
}

/** What a claim writes: processing, leased to `owner` until `now + leaseMs`, its attempt counted. */
export const claimedBy = (owner: string, now: number, leaseMs: number) => ({
  status: 'processing' as const,
  lease_owner: owner,
  lease_expires_at: now + leaseMs,
  attempts: sql<number>`attempts + 1`,
});

/** Limits an update to the row `id` while `run` holds it: still processing, still leased to it, in the same attempt. */
export const heldBy =
  <T extends LeasedTable>(id: string, run: LeaseHolder) =>
  (query: Update<T>): Update<T> =>
    (query as unknown as Update<LeasedTable>)
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('lease_owner', '=', run.owner)
      .where('attempts', '=', run.attempt) as unknown as Update<T>;
