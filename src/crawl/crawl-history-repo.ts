import type { Kysely } from 'kysely';
import type { CrawlCounts } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';
import { sortableId } from '../lib/sortable-id.js';

/** The crawl_history table (migration 0009), as stored. */
export interface CrawlHistoryTable {
  id: string;
  source_id: string;
  at: number;
  status: string;
  not_modified: number;
  new: number;
  updated: number;
  duplicate: number;
  unchanged: number;
  failed: number;
  error: string | null;
}

/** One finished crawl of a source. */
export interface CrawlRecord {
  at: number;
  status: 'completed' | 'failed';
  notModified: boolean;
  counts: CrawlCounts;
  error: string | null;
}

/** Crawls kept per source: a few days of a 5-minute source's quiet crawls would push out the last one that found news. */
export const CRAWLS_KEPT = 20;

const history = (db: Kysely<Database>) => db.withTables<{ crawl_history: CrawlHistoryTable }>();

/** Adds a crawl and drops the source's crawls beyond the newest CRAWLS_KEPT. */
export async function addCrawlRecord(db: Kysely<Database>, sourceId: string, record: CrawlRecord): Promise<void> {
  const h = history(db);
  await h
    .insertInto('crawl_history')
    .values({
      id: sortableId('crl', record.at),
      source_id: sourceId,
      at: record.at,
      status: record.status,
      not_modified: record.notModified ? 1 : 0,
      ...record.counts,
      error: record.error,
    })
    .execute();
  const kept = h
    .selectFrom('crawl_history')
    .select('id')
    .where('source_id', '=', sourceId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(CRAWLS_KEPT);
  await h.deleteFrom('crawl_history').where('source_id', '=', sourceId).where('id', 'not in', kept).execute();
}

/** The source's newest crawls, newest first. */
export async function recentCrawls(db: Kysely<Database>, sourceId: string, limit = CRAWLS_KEPT): Promise<CrawlRecord[]> {
  const rows = await history(db)
    .selectFrom('crawl_history')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: Number(row.at),
    status: row.status as CrawlRecord['status'],
    notModified: row.not_modified === 1,
    counts: { new: row.new, updated: row.updated, duplicate: row.duplicate, unchanged: row.unchanged, failed: row.failed },
    error: row.error,
  }));
}
