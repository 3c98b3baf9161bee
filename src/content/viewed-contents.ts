import type { Kysely } from 'kysely';
import { fixedQuery, placeholders } from '../db/fixed-query.js';
import { onPostgres } from '../db/rows-per-user.js';
import type { Database } from '../db/schema.js';
import type { Content } from './content-repo.js';
import type { Source } from './source-repo.js';

/** What an item's API view is made of (content-view.ts): the columns it shows, and its source's name. */
export interface ViewedContent {
  content: Pick<Content, 'id' | 'title' | 'url' | 'summary' | 'thumbnail' | 'category' | 'language' | 'publishedAt' | 'areas'>;
  source: Pick<Source, 'id' | 'name'>;
}

interface Row {
  id: string;
  title: string;
  url: string;
  summary: string;
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  category: string | null;
  language: string | null;
  published_at: number;
  areas: string;
  source_id: string;
  source_name: string;
}

const SELECT = `select c.id, c.title, c.url, c.summary, c.thumbnail_url, c.thumbnail_width, c.thumbnail_height, c.category,
  c.language, c.published_at, c.areas, s.id as source_id, s.name as source_name
  from contents c join sources s on s.id = c.source_id where c.hidden_at is null and c.id`;

/**
 * The items a feed page shows that the catalog does not hold (content-catalog.ts), in one
 * query of only the columns shown: not the article's body, vector and keywords, which the
 * whole row carries (tens of kilobytes a page, read on the HTTP thread). Hidden items and
 * items of a deleted source are left out: they are not served.
 */
export async function viewedContents(db: Kysely<Database>, ids: readonly string[]): Promise<ViewedContent[]> {
  if (ids.length === 0) return [];
  const rows = onPostgres(db)
    ? await fixedQuery<Row>(db, `${SELECT} = any($1::text[])`, [[...ids]])
    : await fixedQuery<Row>(db, `${SELECT} in (${placeholders(ids.length)})`, [...ids]);
  return rows.map((r) => ({
    content: {
      id: r.id,
      title: r.title,
      url: r.url,
      summary: r.summary,
      thumbnail: r.thumbnail_url === null ? null : { url: r.thumbnail_url, width: r.thumbnail_width, height: r.thumbnail_height },
      category: r.category,
      language: r.language,
      publishedAt: r.published_at,
      areas: JSON.parse(r.areas) as string[],
    },
    source: { id: r.source_id, name: r.source_name },
  }));
}
