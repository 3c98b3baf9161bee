import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { Nullable, PathId, TenantIdParams, withProblems } from '../http/schemas.js';
import { requireTenant } from '../tenants/tenant-service.js';
import type { PushJob } from './push-job.js';
import { listJobs } from './push-job-repo.js';
import { CreatePushJobBody, IdempotencyHeaders, PushJobView, pushJobView, pushJobViewWithDownload } from './push-job-view.js';

const openToConsole = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const tags = ['admin: push jobs'];
const security = [{ adminToken: [] }];
const PAGE_DEFAULT = 20;
const PAGE_MAX = 100;

const ConsoleJobView = Type.Composite([
  PushJobView,
  Type.Object({
    duration_ms: Nullable(Type.Integer(), { description: 'From started_at to finished_at; null until the job has finished.' }),
  }),
]);

/** How long the job ran, retries included; null while it has not finished. */
const durationMs = (job: PushJob) => (job.finishedAt === null ? null : job.finishedAt - (job.startedAt ?? job.createdAt));

export type AdminPushRoutesDeps = Pick<AppDeps, 'clock' | 'config' | 'db' | 'objects' | 'push'>;

/**
 * The console's push jobs (docs/console.md): the tenant's recent jobs, and the
 * /v1/push-candidates create and get on the tenant's behalf. Creating goes
 * through PushJobService, so validation, Idempotency-Key, the five-active limit
 * and the credit reservation (402) are those of the API.
 */
export const adminPushRoutes: FastifyPluginAsyncTypebox<AdminPushRoutesDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/push-jobs',
    {
      config: openToConsole,
      schema: {
        tags,
        security,
        summary: "The tenant's most recent push jobs, newest first (without download URLs)",
        params: TenantIdParams,
        querystring: Type.Object(
          { limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT }) },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: Type.Object({ push_jobs: Type.Array(ConsoleJobView) }) }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await requireTenant(deps.db, request.params.tenant_id);
      const jobs = await listJobs(deps.db, request.params.tenant_id, request.query.limit);
      return { push_jobs: jobs.map((job) => ({ ...pushJobView(job), duration_ms: durationMs(job) })) };
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/push-jobs',
    {
      config: openToConsole,
      schema: {
        tags,
        security,
        summary: 'Create a push job for the tenant, as POST /v1/push-candidates does',
        params: TenantIdParams,
        headers: IdempotencyHeaders,
        body: CreatePushJobBody,
        response: withProblems({ 202: ConsoleJobView }, [400, 401, 402, 403, 404, 422, 429]),
      },
    },
    async (request, reply) => {
      const tenant = await requireTenant(deps.db, request.params.tenant_id);
      const { job, replayed } = await deps.push.create(tenant, request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.code(202).header('location', `/admin/v1/tenants/${tenant.id}/push-jobs/${job.id}`);
      return { ...pushJobView(job), duration_ms: durationMs(job) };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/push-jobs/:job_id',
    {
      config: openToConsole,
      schema: {
        tags,
        security,
        summary: 'One push job; when completed, with a download URL signed now',
        params: Type.Composite([TenantIdParams, Type.Object({ job_id: PathId })]),
        response: withProblems({ 200: ConsoleJobView }, [401, 403, 404]),
      },
    },
    async (request) => {
      await requireTenant(deps.db, request.params.tenant_id);
      const job = await deps.push.get(request.params.tenant_id, request.params.job_id);
      return { ...(await pushJobViewWithDownload(job, deps)), duration_ms: durationMs(job) };
    },
  );
};
