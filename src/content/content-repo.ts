import type { Kysely } from 'kysely';
import type { CategorySource } from '../analysis/category-source.js';
import type { Insertable } from 'kysely';
import type { ContentRow, ContentsTable, Database } from '../db/schema.js';

export interface Content {
  id: string;
  sourceId: string;
  url: string;
  canonicalUrl: string;
  title: string;
  summary: string;
  body: string;
  thumbnail: { url: string; width: number | null; height: number | null } | null;
  category: string | null;
  /** Where the category came from; null for articles stored before it was kept (from labels). */
  categorySource: CategorySource | null;
  language: string | null;
  publishedAt: number;
  /** Names of the areas the article mentions, as shown to clients. */
  areas: string[];
  /** Ids of those areas and all their ancestors: what area retrieval matches. */
  areaIds: string[];
  keywords: string[];
  simhash: string | null;
  /** Encoded by analysis/vector-codec; `embedder` names what produced it. */
  vector: string | null;
  embedder: string | null;
  firstSeenAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** An operator hid it: never served (hide-content.ts). Not written by saveContent, so a crawl's update keeps it. */
  hidden: { at: number; reason: string } | null;
}

export function toContent(row: ContentRow): Content {
  return {
    id: row.id,
    sourceId: row.source_id,
    url: row.url,
    canonicalUrl: row.canonical_url,
    title: row.title,
    summary: row.summary,
    body: row.body,
    thumbnail: row.thumbnail_url === null ? null : { url: row.thumbnail_url, width: row.thumbnail_width, height: row.thumbnail_height },
    category: row.category,
    categorySource: row.category_source as CategorySource | null,
    language: row.language,
    publishedAt: row.published_at,
    areas: JSON.parse(row.areas) as string[],
    areaIds: JSON.parse(row.area_ids) as string[],
    keywords: JSON.parse(row.keywords) as string[],
    simhash: row.simhash,
    vector: row.vector,
    embedder: row.embedder,
    firstSeenAt: row.first_seen_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    hidden: row.hidden_at === null ? null : { at: row.hidden_at, reason: row.hidden_reason ?? '' },
  };
}

function toRow(content: Content): Insertable<ContentsTable> & Pick<ContentRow, 'id' | 'created_at'> {
  return {
    id: content.id,
    source_id: content.sourceId,
    url: content.url,
    canonical_url: content.canonicalUrl,
    title: content.title,
    summary: content.summary,
    body: content.body,
    thumbnail_url: content.thumbnail?.url ?? null,
    thumbnail_width: content.thumbnail?.width ?? null,
    thumbnail_height: content.thumbnail?.height ?? null,
    category: content.category,
    category_source: content.categorySource,
    language: content.language,
    published_at: content.publishedAt,
    areas: JSON.stringify(content.areas),
    area_ids: JSON.stringify(content.areaIds),
    keywords: JSON.stringify(content.keywords),
    simhash: content.simhash,
    vector: content.vector,
    embedder: content.embedder,
    first_seen_at: content.firstSeenAt,
    created_at: content.createdAt,
    updated_at: content.updatedAt,
  };
}

export async function findContent(db: Kysely<Database>, id: string): Promise<Content | null> {
  const row = await db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toContent(row) : null;
}

export async function insertContent(db: Kysely<Database>, content: Content): Promise<void> {
  await db.insertInto('contents').values(toRow(content)).execute();
}

export async function saveContent(db: Kysely<Database>, content: Content): Promise<void> {
  const { id, created_at: _created, ...changes } = toRow(content);
  await db.updateTable('contents').set(changes).where('id', '=', id).execute();
}
