import { Type, type Static } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import type { ViewedContent } from './viewed-contents.js';
import type { ThumbnailLinks } from '../thumbnails/thumbnail-links.js';

/** A content item as the API shows it (feed items add `score` and `tracking_token`). */
export const ContentItem = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    url: Type.String(),
    summary: Type.String(),
    thumbnail: Nullable(Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() })),
    source: Type.Object({ id: Type.String(), name: Type.String() }),
    category: Nullable(Type.String()),
    language: Nullable(Type.String()),
    published_at: IsoTimestamp,
    areas: Type.Array(Type.String()),
  },
  { $id: 'ContentItem' },
);
export type ContentItemView = Static<typeof ContentItem>;

/**
 * The API's view of an item. Its thumbnail is served by this service's image
 * proxy (docs/thumbnails.md), never the origin's URL: `links` signs that URL
 * and gives the size of the image served there.
 */
export function contentView(content: ViewedContent['content'], source: ViewedContent['source'], links: ThumbnailLinks): ContentItemView {
  const t = content.thumbnail;
  return {
    id: content.id,
    title: content.title,
    url: content.url,
    summary: content.summary,
    thumbnail: t && t.width !== null && t.height !== null ? links.link(content.id, { url: t.url, width: t.width, height: t.height }) : null,
    source: { id: source.id, name: source.name },
    category: content.category,
    language: content.language,
    published_at: toIso(content.publishedAt),
    areas: content.areas,
  };
}
