import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ContentFilter {
  sourceId?: string;
  category?: string;
  language?: string;
  /** An area id: articles about it or about a place inside it. */
  areaId?: string;
  /** Published at or after, before (epoch ms). */
  from?: number;
  to?: number;
  /** Words of the title. */
  text?: string;
  /** Only hidden articles (true) or only the others (false). */
  hidden?: boolean;
}

export interface ContentListRow {
  id: string;
  source_id: string;
  source_name: string;
  title: string;
  url: string;
  category: string | null;
  language: string | null;
  published_at: number;
  first_seen_at: number | null;
  thumbnail_url: string | null;
  areas: string;
  hidden_at: number | null;
}

/** `%` and `_` match themselves in a search, not any text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Articles newest first (published_at, then id), `after` a position of an earlier page. */
export async function listContents(
  db: Kysely<Database>,
  filter: ContentFilter,
  after: { publishedAt: number; id: string } | null,
  limit: number,
): Promise<ContentListRow[]> {
  let query = db
    .selectFrom('contents')
    .innerJoin('sources', 'sources.id', 'contents.source_id')
    .select([
      'contents.id',
      'contents.source_id',
      'sources.name as source_name',
      'contents.title',
      'contents.url',
      'contents.category',
      'contents.language',
      'contents.published_at',
      'contents.first_seen_at',
      'contents.thumbnail_url',
      'contents.areas',
      'contents.hidden_at',
    ]);
  if (filter.sourceId !== undefined) query = query.where('contents.source_id', '=', filter.sourceId);
  if (filter.category !== undefined) query = query.where('contents.category', '=', filter.category);
  if (filter.language !== undefined) query = query.where('contents.language', '=', filter.language);
  // area_ids is a JSON array of ids and their ancestors: the quoted id is in it exactly when it is one of them.
  if (filter.areaId !== undefined) query = query.where('contents.area_ids', 'like', `%${likeEscaped(JSON.stringify(filter.areaId))}%`);
  if (filter.from !== undefined) query = query.where('contents.published_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('contents.published_at', '<', filter.to);
  if (filter.hidden !== undefined) query = query.where('contents.hidden_at', filter.hidden ? 'is not' : 'is', null);
  for (const word of (filter.text ?? '').split(/\s+/).filter(Boolean)) {
    query = query.where(sql<boolean>`lower(contents.title) like ${`%${likeEscaped(word.toLowerCase())}%`} escape '\\'`);
  }
  if (after) query = query.where(sql<boolean>`(contents.published_at, contents.id) < (${after.publishedAt}, ${after.id})`);
  const rows = await query.orderBy('contents.published_at', 'desc').orderBy('contents.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    published_at: Number(r.published_at),
    first_seen_at: r.first_seen_at === null ? null : Number(r.first_seen_at),
    hidden_at: r.hidden_at === null ? null : Number(r.hidden_at),
  }));
}

/** Articles held per source (of one source, or of all). */
export async function articleCounts(db: Kysely<Database>, sourceId?: string): Promise<Map<string, number>> {
  let query = db.selectFrom('contents').select(['source_id', (eb) => eb.fn.countAll<number>().as('n')]);
  if (sourceId !== undefined) query = query.where('source_id', '=', sourceId);
  const rows = await query.groupBy('source_id').execute();
  return new Map(rows.map((r) => [r.source_id, Number(r.n)]));
}

/** The other URLs recognised as this article (the same page under another address, or near-duplicate text). */
export async function duplicateUrls(db: Kysely<Database>, contentId: string, own: string[]): Promise<string[]> {
  const rows = await db.selectFrom('content_urls').select('url').where('content_id', '=', contentId).orderBy('url').execute();
  return rows.map((r) => r.url).filter((url) => !own.includes(url));
}

export async function deleteContent(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Hides an article (`hidden` given) or shows it again (null). updated_at moves with
 * it, so every node's content pool re-reads the row at its next refresh and drops or
 * takes it back (feed/content-pool.ts). False for an unknown id.
 */
export async function setContentHidden(
  db: Kysely<Database>,
  id: string,
  hidden: { at: number; reason: string } | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('contents')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
