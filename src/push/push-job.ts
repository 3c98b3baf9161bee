import type { Selectable } from 'kysely';
import type { PushJobsTable } from '../db/schema.js';

export type PushJobStatus = PushJobsTable['status'];
export type TargetMode = PushJobsTable['target_mode'];

/** States where a job counts against the tenant's five concurrent jobs and holds its credits. */
export const ACTIVE_STATUSES: PushJobStatus[] = ['pending', 'processing'];

/** Price of one user processed, in millicredits (SPEC Limits: 0.5 credit). */
export const MILLICREDITS_PER_USER = 500;

/** Where attempt `attempt` of a job writes its file (a takeover never overwrites a stalled run's upload). */
export const resultKey = (jobId: string, attempt: number) => `push/${jobId}/${attempt}.jsonl`;

export interface PushJob {
  id: string;
  tenantId: string;
  scenario: string;
  targetMode: TargetMode;
  candidatesPerUser: number;
  /** The requested ids, deduplicated (manual mode), else null. */
  userIds: string[] | null;
  idempotencyKey: string | null;
  requestHash: string;
  status: PushJobStatus;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  /** Runs begun: a run taken over after a crash is attempt 2. */
  attempts: number;
  usersTotal: number;
  usersProcessed: number;
  usersSkipped: number;
  reservedMillicredits: number;
  chargedMillicredits: number;
  resultKey: string | null;
  error: { code: string; message: string } | null;
}

export function toPushJob(row: Selectable<PushJobsTable>): PushJob {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    scenario: row.scenario,
    targetMode: row.target_mode,
    candidatesPerUser: row.candidates_per_user,
    userIds: row.user_ids === null ? null : (JSON.parse(row.user_ids) as string[]),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    status: row.status,
    createdAt: Number(row.created_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
    attempts: row.attempts,
    usersTotal: row.users_total,
    usersProcessed: row.users_processed,
    usersSkipped: row.users_skipped,
    reservedMillicredits: Number(row.reserved_millicredits),
    chargedMillicredits: Number(row.charged_millicredits),
    resultKey: row.result_key,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  };
}
