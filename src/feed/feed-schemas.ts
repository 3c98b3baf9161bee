import { Type } from '@sinclair/typebox';
import { ContentItem } from '../content/content-view.js';
import { Nullable } from '../http/schemas.js';

/** The schemas of GET /v1/feed (feed-route.ts), shared with its body writer (feed-page-json.ts) and the console's preview. */

export const FeedItem = Type.Composite(
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

export const FeedQuerystring = Type.Object(
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

export const FeedMeta = Type.Object({
  next_cursor: Nullable(Type.String(), { description: 'Null when no further content.' }),
  consumed_credits: Type.Number(),
  request_id: Type.String(),
  areas: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), level: Type.String(), prefecture: Nullable(Type.String()) }), {
    description:
      "The areas the feed was ranked for: from area_names or area_ids, else the registered user's profile; each " +
      'with its prefecture (null for the country).',
  }),
  ignored_areas: Type.Array(Type.String(), {
    description:
      'Names or ids sent (or in the profile) that matched no area and were ignored: a typo, or an area_level that ' +
      'does not fit. Empty when all were understood.',
  }),
});

export const FeedResponse = Type.Object({
  items: Type.Array(FeedItem),
  meta: FeedMeta,
});
