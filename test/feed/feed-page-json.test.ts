import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import type { ContentItemView } from '../../src/content/content-view.js';
import { feedPageJson } from '../../src/feed/feed-page-json.js';
import { FeedResponse } from '../../src/feed/feed-schemas.js';
import type { FeedPage } from '../../src/feed/feed-service.js';

/** What Fastify compiles for the route's 200 (http/lazy-compile.ts builds it the same way). */
const schemaSerializer = SerializerSelector()(undefined, {})({
  schema: FeedResponse,
  method: 'GET',
  url: '/v1/feed',
  httpStatus: '200',
}) as (data: unknown) => string;

function view(id: string, overrides: Partial<ContentItemView> = {}): ContentItemView {
  return {
    id,
    title: `記事 ${id}`,
    url: `https://news.example/${id}`,
    summary: '要約',
    thumbnail: { url: `https://cdn.example/t/${id}`, width: 640, height: 360 },
    source: { id: 'src_a', name: 'Source A' },
    category: 'sports',
    language: 'ja',
    published_at: '2026-11-28T03:00:00.000Z',
    areas: ['city:13104'],
    ...overrides,
  };
}

/** The page as the route's schema serializer takes it: each item its view's fields, then score and token. */
function asSchemaInput(page: FeedPage, requestId: string) {
  return {
    items: page.items.map((i) => ({ ...i.view, score: i.score, tracking_token: i.trackingToken })),
    meta: { next_cursor: page.nextCursor, consumed_credits: 1, request_id: requestId, areas: page.areas, ignored_areas: page.ignoredAreas },
  };
}

describe('feedPageJson', () => {
  it('writes the very bytes the response schema serializer writes, for text that needs escaping and for nulls', () => {
    const tricky = view('c2', {
      title: 'He said "はい" \\ then\nleft\ttab \u0001 and 😀',
      summary: '</script>\u2028\u2029',
      thumbnail: null,
      category: null,
      language: null,
      areas: [],
    });
    // A property the schema does not have is dropped, as the serializer drops it.
    const extra = { ...view('c3'), secret_field: 'never sent' } as ContentItemView;
    const page: FeedPage = {
      items: [
        { view: view('c1'), score: 0.123456789, trackingToken: 'eyJ0IjoiYSJ9.abc-_' },
        { view: tricky, score: 2, trackingToken: 't2' },
        { view: extra, score: -0.5e-7, trackingToken: 't3' },
      ],
      nextCursor: 'cursor.sig',
      areas: [{ id: 'city:13104', name: '新宿区', level: 'city', prefecture: '東京都' }],
      ignoredAreas: ['渋や'],
    };
    const written = feedPageJson(page, { consumedCredits: 1, requestId: 'req_1' });
    expect(written).toBe(schemaSerializer(asSchemaInput(page, 'req_1')));
    expect(written).not.toContain('secret_field');
    // Again from the views' JSON made the first time: the same bytes.
    expect(feedPageJson(page, { consumedCredits: 1, requestId: 'req_1' })).toBe(written);
  });

  it('writes an empty page and a last page (no cursor) as the serializer does', () => {
    const page: FeedPage = { items: [], nextCursor: null, areas: [], ignoredAreas: [] };
    expect(feedPageJson(page, { consumedCredits: 1, requestId: 'r' })).toBe(schemaSerializer(asSchemaInput(page, 'r')));
  });

  it('shows a view as it is now: a new view object of the same item (an edit, re-read by the catalog) is written anew', () => {
    const before = view('c1');
    const after = view('c1', { title: 'Corrected title' });
    const page = (v: ContentItemView): FeedPage => ({
      items: [{ view: v, score: 1, trackingToken: 't' }],
      nextCursor: null,
      areas: [],
      ignoredAreas: [],
    });
    expect(feedPageJson(page(before), { consumedCredits: 1, requestId: 'r' })).toContain('記事 c1');
    const written = feedPageJson(page(after), { consumedCredits: 1, requestId: 'r' });
    expect(written).toContain('Corrected title');
    expect(written).toBe(schemaSerializer(asSchemaInput(page(after), 'r')));
  });
});
