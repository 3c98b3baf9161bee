import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors } from '../http/problem.js';
import { withProblems } from '../http/schemas.js';
import type { Clock } from '../lib/clock.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { ObjectStore } from '../storage/object-store.js';
import { UserId } from '../users/user-properties.js';
import type { PushJob } from './push-job.js';
import type { PushJobService } from './push-job-service.js';

/** SPEC Limits: `download_url` validity. */
export const DOWNLOAD_URL_SECONDS = 3600;
const MAX_MANUAL_USERS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

const CreateBody = Type.Object(
  {
    scenario: Type.String({ minLength: 1, maxLength: 100, description: 'A push scenario defined in the console.' }),
    candidates_per_user: Type.Integer({ minimum: 1, maximum: 3, default: 1 }),
    target_mode: Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('manual')], {
      default: 'all',
      description: '`all`: every registered user; `active`: users active in the 30 days before creation; `manual`: the users in `user_ids`.',
    }),
    user_ids: Type.Optional(
      Type.Array(UserId, { minItems: 1, maxItems: MAX_MANUAL_USERS, description: 'Required with `manual`, only then. Ids that are not registered users are skipped and counted.' }),
    ),
  },
  { additionalProperties: false },
);

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$', description: 'A retried create with the same key and body returns the same job.' }),
  ),
});

const Created = Type.Object({ job_id: Type.String(), status: Type.String() });

const JobView = Type.Object({
  job_id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  scenario: Type.String(),
  target_mode: Type.String(),
  candidates_per_user: Type.Integer(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  users_total: Type.Integer({ description: 'Target users counted at creation (the reservation is 0.5 credit each).' }),
  users_processed: Type.Integer({ description: 'Lines written so far (progress while processing).' }),
  users_skipped: Type.Integer({ description: 'Requested ids that are not registered users, and users deleted before their turn.' }),
  consumed_credits: Type.Number({ description: '0.5 per user processed, charged once when the job completes; 0 until then and for a failed job.' }),
  download_url: Type.Optional(Type.String({ description: 'When completed: a signed URL, valid for an hour; each GET signs a new one. Fetch it with a plain GET.' })),
  download_url_expires_at: Type.Optional(Type.String()),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});

export interface PushRouteDeps {
  push: PushJobService;
  objects: ObjectStore;
  clock: Clock;
  config: { push: { retentionDays: number } };
}

/** POST and GET /v1/push-candidates (SPEC Push job; DESIGN §5, §10). */
export const pushRoutes: FastifyPluginAsyncTypebox<PushRouteDeps> = async (app, deps) => {
  app.post(
    '/v1/push-candidates',
    {
      // Creation itself is free: 0.5 credit per user is charged when the job completes.
      config: { auth: 'tenant', meter: { endpoint: 'push-candidates', millicredits: 0 } },
      schema: {
        tags: ['push'],
        summary: 'Create a push-candidate job',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: CreateBody,
        response: withProblems({ 202: Created }, [400, 401, 402, 403, 422, 429]),
      },
    },
    async (request, reply) => {
      const { job, replayed } = await deps.push.create(request.principal!.tenant, request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(202).header('location', `/v1/push-candidates/${job.id}`).send({ job_id: job.id, status: job.status });
    },
  );

  app.get(
    '/v1/push-candidates/:job_id',
    {
      config: { auth: 'tenant', meter: { endpoint: 'push-candidates', millicredits: 0 } },
      schema: {
        tags: ['push'],
        summary: 'Get a push-candidate job (and, when completed, a fresh download URL)',
        security: [{ apiKey: [] }],
        params: Type.Object({ job_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: withProblems({ 200: JobView }, [400, 401, 403, 404, 429]),
      },
    },
    async (request) => {
      const job = await deps.push.get(request.principal!.tenant.id, request.params.job_id);
      return viewOf(job, deps);
    },
  );
};

async function viewOf(job: PushJob, deps: PushRouteDeps) {
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
  if (job.status === 'completed' && job.resultKey) {
    const now = deps.clock.now();
    // An hour, or less when the retention sweep removes the file sooner: a URL never outlives its file.
    const removedAt = job.finishedAt! + deps.config.push.retentionDays * DAY_MS;
    const seconds = Math.min(DOWNLOAD_URL_SECONDS, Math.floor((removedAt - now) / 1000));
    if (seconds < 1) throw errors.notFound(`No push job ${job.id}. Jobs are kept for a limited time after they finish (docs/push.md).`);
    const url = await deps.objects.presignGet(job.resultKey, seconds, now);
    return { ...view, download_url: url, download_url_expires_at: toIso(Math.floor(now / 1000) * 1000 + seconds * 1000) };
  }
  if (job.status === 'failed' && job.error) return { ...view, error: job.error };
  return view;
}
