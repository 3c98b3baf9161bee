import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { withProblems } from '../http/schemas.js';
import type { PushJobService } from './push-job-service.js';
import { CreatePushJobBody, IdempotencyHeaders, PushJobView, pushJobViewWithDownload, type DownloadUrlDeps } from './push-job-view.js';

const Created = Type.Object({ job_id: Type.String(), status: Type.String() });

export interface PushRouteDeps extends DownloadUrlDeps {
  push: PushJobService;
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
        operationId: 'createPushJob',
        summary: 'Create a push-candidate job',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: CreatePushJobBody,
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
        operationId: 'getPushJob',
        summary: 'Get a push-candidate job (and, when completed, a fresh download URL)',
        security: [{ apiKey: [] }],
        params: Type.Object({ job_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: withProblems({ 200: PushJobView }, [400, 401, 403, 404, 429]),
      },
    },
    async (request) => {
      const job = await deps.push.get(request.principal!.tenant.id, request.params.job_id);
      return pushJobViewWithDownload(job, deps);
    },
  );
};
