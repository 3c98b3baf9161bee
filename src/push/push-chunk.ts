import type { Selectable } from 'kysely';
import type { PushJobChunksTable } from '../db/schema-jobs.js';

/**
 * Users per chunk: at ~2,000 users/s a chunk is a second or two of one
 * worker's ranking, so two workers share a 100,000-user job in 50 turns and a
 * crash loses at most that much work.
 */
export const CHUNK_USERS = 2000;

/** Which of a job's users a chunk ranks: an id range (`all`, `active`) or a slice of the requested ids, in their order (`manual`). */
export type ChunkRange = { kind: 'ids'; after: string | null; through: string | null } | { kind: 'listed'; userIds: string[] };

export interface PushChunk {
  id: string;
  jobId: string;
  seq: number;
  range: ChunkRange;
  status: PushJobChunksTable['status'];
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  /** Runs begun: a chunk taken over after its worker died is attempt 2. */
  attempts: number;
  usersProcessed: number;
  usersSkipped: number;
  /** The part file of the run that finished it. */
  partKey: string | null;
}

export const chunkId = (jobId: string, seq: number) => `${jobId}/${seq}`;

/** Where attempt `attempt` of chunk `seq` writes its lines (a takeover never overwrites a stalled run's upload). */
export const partKey = (jobId: string, seq: number, attempt: number) => `push/${jobId}/parts/${seq}.${attempt}.jsonl`;

export function toPushChunk(row: Selectable<PushJobChunksTable>): PushChunk {
  const range: ChunkRange =
    row.user_ids === null
      ? { kind: 'ids', after: row.after_user_id, through: row.through_user_id }
      : { kind: 'listed', userIds: JSON.parse(row.user_ids) as string[] };
  return {
    id: row.id,
    jobId: row.job_id,
    seq: row.seq,
    range,
    status: row.status,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
    attempts: row.attempts,
    usersProcessed: row.users_processed,
    usersSkipped: row.users_skipped,
    partKey: row.part_key,
  };
}
