import { Type } from '@sinclair/typebox';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { ObjectStore } from '../storage/object-store.js';
import { UserId } from '../users/user-properties.js';
import type { PushJob } from './push-job.js';

/** SPEC Limits: `download_url` validity. */
export const DOWNLOAD_URL_SECONDS = 3600;
const MAX_MANUAL_USERS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

/** The body of a create, for /v1/push-candidates and the console's push-jobs route alike. */
export const CreatePushJobBody = Type.Object(
  {
    scenario: Type.String({ minLength: 1, maxLength: 100, description: 'A push scenario defined in the console.' }),
    candidates_per_user: Type.Integer({ minimum: 1, maximum: 3, default: 1 }),
    target_mode: Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('manual')], {
      default: 'all',
      description:
        '`all`: every registered user; `active`: users active in the 30 days before creation; `manual`: the users in `user_ids`.',
    }),
    user_ids: Type.Optional(
      Type.Array(UserId, {
        minItems: 1,
        maxItems: MAX_MANUAL_USERS,
        description: 'Required with `manual`, only then. Ids that are not registered users are skipped and counted.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'A retried create with the same key and body returns the same job.',
    }),
  ),
});

export const PushJobView = Type.Object({
  job_id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  scenario: Type.String(),
  target_mode: Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('manual')]),
  candidates_per_user: Type.Integer(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  users_total: Type.Integer({ description: 'Target users counted at creation (the reservation is 0.5 credit each).' }),
  users_processed: Type.Integer({ description: 'Lines written so far (progress while processing).' }),
  users_skipped: Type.Integer({ description: 'Requested ids that are not registered users, and users deleted before their turn.' }),
  consumed_credits: Type.Number({
    description: '0.5 per user processed, charged once when the job completes; 0 until then and for a failed job.',
  }),
  download_url: Type.Optional(
    Type.String({ description: 'When completed: a signed URL, valid for an hour; each GET signs a new one. Fetch it with a plain GET.' }),
  ),
  download_url_expires_at: Type.Optional(Type.String()),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});

export interface DownloadUrlDeps {
  objects: ObjectStore;
  clock: Clock;
  config: { push: { retentionDays: number } };
}

/** The job as GET /v1/push-candidates/{id} shows it, but for the download URL. */
export function pushJobView(job: PushJob) {
  const view = {
    job_id: job.id,
    status: job.status,
    scenario: job.scenario,
    target_mode: job.targetMode,
    candidates_per_user: job.candidatesPerUser,
    created_at: toIso(job.createdAt),
    started_at: toIsoOrNull(job.startedAt),
    finished_at: toIsoOrNull(job.finishedAt),
    users_total: job.usersTotal,
    users_processed: job.usersProcessed,
    users_skipped: job.usersSkipped,
    consumed_credits: job.chargedMillicredits / 1000,
  };
  if (job.status === 'failed' && job.error) return { ...view, error: job.error };
  return view;
}

/** The job with, when completed, a download URL signed now. */
export async function pushJobViewWithDownload(job: PushJob, deps: DownloadUrlDeps) {
  const view = pushJobView(job);
  if (job.status !== 'completed' || !job.resultKey) return view;
  const now = deps.clock.now();
  // An hour, or less when the retention sweep removes the file sooner: a URL never outlives its file.
  const removedAt = job.finishedAt! + deps.config.push.retentionDays * DAY_MS;
  const seconds = Math.min(DOWNLOAD_URL_SECONDS, Math.floor((removedAt - now) / 1000));
  if (seconds < 1) throw errors.notFound(`No push job ${job.id}. Jobs are kept for a limited time after they finish (docs/push.md).`);
  const url = await deps.objects.presignGet(job.resultKey, seconds, now);
  return { ...view, download_url: url, download_url_expires_at: toIso(Math.floor(now / 1000) * 1000 + seconds * 1000) };
}
