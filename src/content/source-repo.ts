import type { Kysely } from 'kysely';
import type { Database, SourceRow } from '../db/schema.js';

export interface CrawlCounts {
  new: number;
  updated: number;
  duplicate: number;
  unchanged: number;
  failed: number;
}

/** What the crawler last did with a source; written only by the crawler. */
export interface CrawlStatus {
  etag: string | null;
  lastModified: string | null;
  nextCrawlAt: number | null;
  leaseUntil: number | null;
  lastCrawledAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  errorCount: number;
  /** The last crawl that found something or failed (not one that found nothing new); `at` unset on results stored before it was. */
  lastResult: (CrawlCounts & { not_modified: boolean; at?: number }) | null;
}

export interface Source {
  id: string;
  name: string;
  feedUrl: string | null;
  trustLevel: number;
  language: string | null;
  category: string | null;
  active: boolean;
  crawlIntervalSeconds: number;
  createdAt: number;
  updatedAt: number;
  crawl: CrawlStatus;
}

export const DEFAULT_CRAWL_INTERVAL_SECONDS = 300;

export function toSource(row: SourceRow): Source {
  return {
    id: row.id,
    name: row.name,
    feedUrl: row.feed_url,
    trustLevel: row.trust_level,
    language: row.language,
    category: row.category,
    active: row.active === 1,
    crawlIntervalSeconds: row.crawl_interval_s,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    crawl: {
      etag: row.etag,
      lastModified: row.last_modified,
      nextCrawlAt: row.next_crawl_at,
      leaseUntil: row.crawl_lease_until,
      lastCrawledAt: row.last_crawled_at,
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      errorCount: row.error_count,
      lastResult: row.last_result === null ? null : (JSON.parse(row.last_result) as CrawlStatus['lastResult']),
    },
  };
}

/** The columns an operator edits; crawl status columns belong to the crawler. */
function descriptiveColumns(source: NewSource) {
  return {
    name: source.name,
    feed_url: source.feedUrl,
    trust_level: source.trustLevel,
    language: source.language,
    category: source.category,
    active: source.active ? 1 : 0,
    crawl_interval_s: source.crawlIntervalSeconds ?? DEFAULT_CRAWL_INTERVAL_SECONDS,
    updated_at: source.updatedAt,
  };
}

export function newCrawlStatus(): CrawlStatus {
  return {
    etag: null,
    lastModified: null,
    nextCrawlAt: null,
    leaseUntil: null,
    lastCrawledAt: null,
    lastSuccessAt: null,
    lastError: null,
    errorCount: 0,
    lastResult: null,
  };
}

export type NewSource = Omit<Source, 'crawl' | 'crawlIntervalSeconds'> & { crawlIntervalSeconds?: number };

export async function insertSource(db: Kysely<Database>, source: NewSource): Promise<void> {
  await db
    .insertInto('sources')
    .values({ id: source.id, created_at: source.createdAt, ...descriptiveColumns(source) })
    .execute();
}

export async function findSource(db: Kysely<Database>, id: string): Promise<Source | null> {
  const row = await db.selectFrom('sources').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSource(row) : null;
}

export async function findSources(db: Kysely<Database>, ids: string[]): Promise<Source[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sources').selectAll().where('id', 'in', ids).execute();
  return rows.map(toSource);
}

export async function listSources(db: Kysely<Database>): Promise<Source[]> {
  const rows = await db.selectFrom('sources').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toSource);
}

export async function saveSource(db: Kysely<Database>, source: Source): Promise<void> {
  await db.updateTable('sources').set(descriptiveColumns(source)).where('id', '=', source.id).execute();
}

/** Deletes the source and, by cascade, its contents (the licence to show them ends with it). */
export async function deleteSource(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sources').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
