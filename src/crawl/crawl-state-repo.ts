import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toSource, type CrawlCounts, type Source } from '../content/source-repo.js';

/**
 * Claims a source for one crawl: a lease row update, so any number of
 * workers (PostgreSQL) or the scheduler and an operator's "crawl now" (one
 * process) never crawl the same source at once. A crashed crawler's lease
 * simply runs out.
 */
export async function claimSource(db: Kysely<Database>, sourceId: string, now: number, leaseUntil: number): Promise<Source | null> {
  const result = await db
    .updateTable('sources')
    .set({ crawl_lease_until: leaseUntil })
    .where('id', '=', sourceId)
    .where((eb) => eb.or([eb('crawl_lease_until', 'is', null), eb('crawl_lease_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const row = await db.selectFrom('sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
  return row ? toSource(row) : null;
}

/** Ids of active sources with a feed whose next crawl is due, oldest due first. */
export async function dueSourceIds(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sources')
    .select('id')
    .where('active', '=', 1)
    .where('feed_url', 'is not', null)
    .where((eb) => eb.or([eb('next_crawl_at', 'is', null), eb('next_crawl_at', '<=', now)]))
    .where((eb) => eb.or([eb('crawl_lease_until', 'is', null), eb('crawl_lease_until', '<=', now)]))
    // Never-crawled sources (null) first, on both databases (PostgreSQL sorts nulls last).
    .orderBy(sql`coalesce(next_crawl_at, 0)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Extends a held lease; a lease taken over meanwhile (it ran out) is left alone. */
export async function renewLease(db: Kysely<Database>, sourceId: string, held: number, until: number): Promise<void> {
  await db
    .updateTable('sources')
    .set({ crawl_lease_until: until })
    .where('id', '=', sourceId)
    .where('crawl_lease_until', '=', held)
    .execute();
}

/** A crawl that stored or updated an article, or failed to fetch one: worth keeping as `last_result`. */
export function foundSomething(counts: CrawlCounts): boolean {
  return counts.new + counts.updated + counts.failed > 0;
}

// Both records apply only while the crawler still holds its lease: a crawler
// whose lease ran out (and was taken over) must not overwrite the new one.
// Each says whether it applied.
export async function recordCrawlSuccess(
  db: Kysely<Database>,
  sourceId: string,
  lease: number,
  at: {
    now: number;
    next: number;
    etag: string | null;
    lastModified: string | null;
    counts: CrawlCounts;
    notModified: boolean;
    pageErrors: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('sources')
    .set({
      etag: at.etag,
      last_modified: at.lastModified,
      last_crawled_at: at.now,
      last_success_at: at.now,
      next_crawl_at: at.next,
      crawl_lease_until: null,
      error_count: 0,
      last_error: at.pageErrors,
      // A crawl that found nothing new (a 304, every entry unchanged) leaves the last
      // result that did: the crawl history (crawl-history-repo.ts) has every crawl.
      ...(foundSomething(at.counts) ? { last_result: JSON.stringify({ ...at.counts, not_modified: at.notModified, at: at.now }) } : {}),
    })
    .where('id', '=', sourceId)
    .where('crawl_lease_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordCrawlFailure(
  db: Kysely<Database>,
  sourceId: string,
  lease: number,
  at: { now: number; next: number; error: string; errorCount: number; counts: CrawlCounts },
): Promise<boolean> {
  const result = await db
    .updateTable('sources')
    .set({
      last_crawled_at: at.now,
      next_crawl_at: at.next,
      crawl_lease_until: null,
      error_count: at.errorCount,
      last_error: at.error,
      last_result: JSON.stringify({ ...at.counts, not_modified: false, at: at.now }),
    })
    .where('id', '=', sourceId)
    .where('crawl_lease_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new feed URL, or a source switched back on: start afresh, due at once. */
export async function resetCrawlState(db: Kysely<Database>, sourceId: string): Promise<void> {
  await db
    .updateTable('sources')
    .set({ etag: null, last_modified: null, error_count: 0, last_error: null, next_crawl_at: null })
    .where('id', '=', sourceId)
    .execute();
}

/** "Crawl now": due at once, for whichever worker looks next. */
export async function makeDueNow(db: Kysely<Database>, sourceId: string, now: number): Promise<void> {
  await db.updateTable('sources').set({ next_crawl_at: now }).where('id', '=', sourceId).execute();
}
