import Fastify, { type FastifyInstance } from 'fastify';
// In your project: import { … } from '@content-feed/client';
import { ContentFeedClient, ProblemError, verifyWebhook, type PushCandidateLine, type TrackedEvent } from '../../client/src/index.js';

export interface ExampleOptions {
  client: ContentFeedClient;
  /** The webhook secret (`whsec_…`) the operator gave when setting the webhook URL. */
  webhookSecret: string;
  /** The feed scenario the app shows. */
  scenario?: string;
  /** What to do with each user's best candidate of a finished push job (send a notification). */
  notify: (line: PushCandidateLine) => Promise<void> | void;
}

/**
 * A tenant's backend between its app and content-feed. The app never sees the API
 * key: it calls these routes, and only this server talks to content-feed.
 *
 *   GET  /feed?user_id=…&cursor=…   one page of the feed, proxied
 *   POST /events {events: [...]}    the app's events, batched through the buffer
 *   POST /hooks/content-feed        the push webhook: verify, download, notify
 */
export function buildExampleBackend(options: ExampleOptions): FastifyInstance {
  const { client } = options;
  const app = Fastify({ logger: false });
  const events = client.eventBuffer({
    flushIntervalMs: 2000,
    onRejected: (rejected) => app.log.warn({ rejected }, 'content-feed refused events'),
    onError: (error) => app.log.warn({ err: error }, 'events not sent yet; they stay queued'),
  });

  app.get<{ Querystring: { user_id?: string; cursor?: string } }>('/feed', async (request, reply) => {
    const { user_id, cursor } = request.query;
    try {
      const page = await client.getFeed({
        scenario: options.scenario ?? 'home',
        limit: 20,
        ...(user_id ? { user_id } : {}),
        ...(cursor ? { cursor } : {}),
      });
      return { items: page.items, next_cursor: page.meta.next_cursor };
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      // The app gets the status and the request id to quote, never our key or the upstream body.
      return reply
        .code(error.status === 400 ? 400 : 502)
        .send({ error: error.problem?.title ?? 'Upstream error', request_id: error.requestId });
    }
  });

  app.post<{ Body: { events: TrackedEvent[] } }>('/events', async (request, reply) => {
    for (const event of request.body.events) events.track(event);
    return reply.code(202).send({ queued: request.body.events.length });
  });

  // The webhook is verified on the raw body: parsed and serialised again, it could differ in a byte.
  app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post<{ Body: string }>('/hooks/content-feed', async (request, reply) => {
      const event = await verifyWebhook(request.headers, request.body, options.webhookSecret).catch(() => null);
      if (!event) return reply.code(400).send({ error: 'not a content-feed webhook' });
      if (event.type === 'push_job.completed') {
        for await (const line of client.downloadCandidates(String(event.data.job_id))) await options.notify(line);
      }
      return reply.code(204).send();
    });
  });

  // Events still queued are sent before the server stops.
  app.addHook('onClose', async () => events.close());
  return app;
}
