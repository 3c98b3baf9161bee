import type { CategorySource } from '../analysis/category-source.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { canonicalUrl } from './canonical-url.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ArticleDraft, ArticleStore } from './article-store.js';
import { findContent } from './content-repo.js';
import { contentView, type ContentItemView } from './content-view.js';
import type { ThumbnailLinks } from '../thumbnails/thumbnail-links.js';
import { findSource } from './source-repo.js';
import { summarise } from './summarise.js';

export interface IngestInput {
  source_id: string;
  url: string;
  title: string;
  body?: string;
  summary?: string;
  published_at: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  category?: string;
  language?: string;
  areas?: string[];
}

/**
 * Stores one article given directly by an operator. The same article reached
 * again (same canonical URL) is updated in place and keeps its id. It is
 * analysed like a crawled one; a given language or area list wins over
 * analysis, a given category is normalised like a feed's (docs/analysis.md).
 */
export async function ingestContent(
  deps: { db: Kysely<Database>; clock: Clock; articles: ArticleStore; areas: AreaDirectory; thumbnailLinks: ThumbnailLinks },
  input: IngestInput,
): Promise<{ item: ContentItemView; categorySource: CategorySource | null; created: boolean }> {
  const source = await findSource(deps.db, input.source_id);
  if (!source) throw errors.invalidField('body', 'source_id', `no source ${input.source_id}`);
  const thumbnailFields = [input.thumbnail_url, input.thumbnail_width, input.thumbnail_height];
  if (new Set(thumbnailFields.map((field) => field === undefined)).size > 1) {
    throw errors.invalidField('body', 'thumbnail_url', 'thumbnail_url, thumbnail_width and thumbnail_height go together');
  }
  const body = input.body ?? '';
  const draft: ArticleDraft = {
    sourceId: source.id,
    url: input.url,
    urls: [canonicalUrl(input.url)],
    title: input.title,
    summary: input.summary ?? summarise(body),
    body,
    thumbnail: input.thumbnail_url ? { url: input.thumbnail_url, width: input.thumbnail_width!, height: input.thumbnail_height! } : null,
    publishedAt: Date.parse(input.published_at),
    categoryHints: [input.category],
    sourceCategory: source.category,
    languageHint: input.language ?? source.language,
    firstSeenAt: null,
    overrides: {
      language: input.language,
      ...(input.areas && { areas: input.areas, areaIds: deps.areas.idsOfNames(input.areas) }),
    },
  };
  const { outcome, contentId } = await deps.articles.save(draft, { detectNearDuplicates: false });
  // A duplicate belongs to the source that published it first.
  const content = (await findContent(deps.db, contentId))!;
  const owner = content.sourceId === source.id ? source : (await findSource(deps.db, content.sourceId))!;
  return { item: contentView(content, owner, deps.thumbnailLinks), categorySource: content.categorySource, created: outcome === 'new' };
}
