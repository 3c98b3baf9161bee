import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendSerialized } from '../http/send-serialized.js';
import { withProblems } from '../http/schemas.js';
import { feedPageJson } from './feed-page-json.js';
import { FeedQuerystring, FeedResponse } from './feed-schemas.js';
import type { FeedService } from './feed-service.js';

const FEED_MILLICREDITS = 1000;

/** GET /v1/feed: the personalised feed of a scenario (SPEC rules 1–8; DESIGN §5, §8). 1 credit per request. */
export const feedRoute: FastifyPluginAsyncTypebox<{ feed: FeedService }> = async (app, { feed }) => {
  app.get(
    '/v1/feed',
    {
      config: { auth: 'tenant', meter: { endpoint: 'feed', millicredits: FEED_MILLICREDITS } },
      schema: {
        tags: ['feed'],
        operationId: 'getFeed',
        summary: 'Get a content feed for a scenario',
        security: [{ apiKey: [] }],
        querystring: FeedQuerystring,
        response: withProblems({ 200: FeedResponse }, [400, 401, 402, 403, 429]),
      },
    },
    async (request, reply) => {
      const page = await feed.feed(request.principal!.tenant.id, request.query, request.id);
      // Written from each item's JSON made once (feed-page-json.ts): the bytes the response schema's serializer would give.
      return sendSerialized(reply, feedPageJson(page, { consumedCredits: FEED_MILLICREDITS / 1000, requestId: request.id }));
    },
  );
};
