import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { TSchema } from '@sinclair/typebox';
import { ContentItem, type ContentItemView } from '../content/content-view.js';
import { FeedMeta } from './feed-schemas.js';
import type { FeedPage } from './feed-service.js';

const compile = SerializerSelector()(undefined, {});
const serializer = (schema: TSchema) => compile({ schema, method: 'GET', url: '/v1/feed', httpStatus: '200' }) as (data: unknown) => string;
const viewJson = serializer(ContentItem);
const metaJson = serializer(FeedMeta);

/** An item view's JSON without its closing brace, made once per view object (the catalog keeps a view 30 s). */
const openViews = new WeakMap<ContentItemView, string>();

function openView(view: ContentItemView): string {
  let open = openViews.get(view);
  if (open === undefined) {
    const json = viewJson(view);
    open = json.slice(0, -1);
    openViews.set(view, open);
  }
  return open;
}

/**
 * GET /v1/feed's body, written from pieces: an item's view is the same on every
 * page that shows it, so its JSON is made once, and a page adds each item's
 * score and tracking token. The response schema's serializer wrote every view
 * again on every page (13 % of the HTTP thread's CPU at 500 pages/s,
 * bench/RESULTS.md). The bytes are the schema serializer's, with FeedItem's
 * fields in its order: ContentItem's, then score and tracking_token
 * (test/feed/feed-page-json.test.ts).
 */
export function feedPageJson(page: FeedPage, meta: { consumedCredits: number; requestId: string }): string {
  let items = '';
  for (const item of page.items) {
    if (items !== '') items += ',';
    items += `${openView(item.view)},"score":${JSON.stringify(item.score)},"tracking_token":${JSON.stringify(item.trackingToken)}}`;
  }
  const metaText = metaJson({
    next_cursor: page.nextCursor,
    consumed_credits: meta.consumedCredits,
    request_id: meta.requestId,
    areas: page.areas,
    ignored_areas: page.ignoredAreas,
  });
  return `{"items":[${items}],"meta":${metaText}}`;
}
