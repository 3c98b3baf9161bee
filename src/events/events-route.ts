import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { withProblems } from '../http/schemas.js';
import { DocumentedEventBatch, EventEnvelope } from './event-schema.js';
import { validateBatch } from './validate-batch.js';

export type EventsRouteDeps = Pick<AppDeps, 'clock' | 'eventLog' | 'tokens'>;

/**
 * POST /v1/events: the whole batch is validated (any bad event → 400 naming
 * each, nothing stored), then committed durably, then 202. Free; works at the
 * usage cap; processed asynchronously.
 */
export const eventsRoute: FastifyPluginAsyncTypebox<EventsRouteDeps> = async (app, deps) => {
  app.post(
    '/v1/events',
    {
      config: { auth: 'tenant', meter: { endpoint: 'events', millicredits: 0 }, openapiBody: DocumentedEventBatch },
      schema: {
        tags: ['events'],
        operationId: 'sendEvents',
        summary: 'Send 1–100 behavioural events (202 once durably stored)',
        security: [{ apiKey: [] }],
        body: EventEnvelope,
        response: withProblems({ 202: Type.Object({ accepted: Type.Integer() }) }, [400, 401, 403, 413, 415, 429]),
      },
    },
    async (request, reply) => {
      const tenantId = request.principal!.tenant.id;
      const { problems, events } = validateBatch(request.body.events, { tenantId, now: deps.clock.now(), tokens: deps.tokens });
      if (problems.length > 0) {
        const indexes = [...new Set(problems.map((p) => /^events\[(\d+)\]/.exec(p.name)?.[1]))].join(', ');
        throw errors.badRequest(`Events at index ${indexes} are invalid; nothing from this batch was stored.`, problems);
      }
      await deps.eventLog.append(events);
      return reply.code(202).send({ accepted: events.length });
    },
  );
};
