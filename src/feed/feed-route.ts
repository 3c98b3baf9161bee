import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ContentItem } from '../content/content-view.js';
import { Nullable, withProblems } from '../http/schemas.js';
import type { FeedService } from './feed-service.js';

const FeedItem = Type.Composite(
  [
    ContentItem,
    Type.Object({
      score: Type.Number({
        description: 'Ranking score; items are ordered by it within the chain (diversification may place a lower score first).',
      }),
      tracking_token: Type.String({ description: 'Opaque; send it back unchanged in events about this item.' }),
    }),
  ],
  { $id: 'FeedItem' },
);

/** Who and where a feed is for; the console's preview (admin-preview-route.ts) takes the same. */
export const FeedContextFields = {
  user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[^\\u0000-\\u001f\\u007f]+$' })),
  area_names: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2000, description: 'Comma-separated area names (percent-encoded); the 駅 suffix is optional.' }),
  ),
  area_ids: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Comma-separated gazetteer ids: jp, pref:13, city:13104, station:<id>. Not with area_names.',
    }),
  ),
  area_level: Type.Optional(
    Type.Union([Type.Literal('station'), Type.Literal('city'), Type.Literal('prefecture'), Type.Literal('country')]),
  ),
};

const FeedQuerystring = Type.Object(
  {
    scenario: Type.String({ minLength: 1, maxLength: 100, description: 'A feed scenario defined in the console.' }),
    ...FeedContextFields,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'The meta.next_cursor of the previous page, unchanged, with the same query.',
      }),
    ),
  },
  { additionalProperties: false },
);

const FeedResponse = Type.Object({
  items: Type.Array(FeedItem),
  meta: Type.Object({
    next_cursor: Nullable(Type.String(), { description: 'Null when no further content.' }),
    consumed_credits: Type.Number(),
    request_id: Type.String(),
    areas: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), level: Type.String(), prefecture: Nullable(Type.String()) }), {
      description:
        "The areas the feed was ranked for: from area_names or area_ids, else the registered user's profile; each with its prefecture (null for the country).",
    }),
    ignored_areas: Type.Array(Type.String(), {
      description:
        'Names or ids sent (or in the profile) that matched no area and were ignored: a typo, or an area_level that does not fit. Empty when all were understood.',
    }),
  }),
});

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
    async (request) => {
      const { items, nextCursor, areas, ignoredAreas } = await feed.feed(request.principal!.tenant.id, request.query, request.id);
      return {
        items,
        meta: {
          next_cursor: nextCursor,
          consumed_credits: FEED_MILLICREDITS / 1000,
          request_id: request.id,
          areas,
          ignored_areas: ignoredAreas,
        },
      };
    },
  );
};
