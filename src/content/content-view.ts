import { Type, type Static } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import type { Content } from './content-repo.js';
import type { Source } from './source-repo.js';

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

export function contentView(content: Content, source: Pick<Source, 'id' | 'name'>): ContentItemView {
  const t = content.thumbnail;
  return {
    id: content.id,
    title: content.title,
    url: content.url,
    summary: content.summary,
    thumbnail: t && t.width !== null && t.height !== null ? { url: t.url, width: t.width, height: t.height } : null,
    source: { id: source.id, name: source.name },
    category: content.category,
    language: content.language,
    published_at: toIso(content.publishedAt),
    areas: content.areas,
  };
}
