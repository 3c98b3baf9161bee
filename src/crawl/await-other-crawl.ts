import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { findSource } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { recentCrawls, type CrawlRecord } from './crawl-history-repo.js';

/** How often a waiting "crawl now" looks whether the other worker has finished: a crawl takes seconds. */
const POLL_MS = 100;

/**
 * The crawl another worker is doing, once it is recorded: polls until the
 * source's lease is released (or has run out), then reads the newest crawl of
 * its history, if it finished at `since` or later. Null when the other worker is
 * still at it after `waitMs`, or let its lease run out without recording a crawl.
 */
export async function awaitOtherCrawl(
  deps: { db: Kysely<Database>; clock: Clock },
  sourceId: string,
  since: number,
  waitMs: number,
): Promise<{ record: CrawlRecord; nextCrawlAt: number | null } | null> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const source = await findSource(deps.db, sourceId);
    if (!source) return null;
    const leased = source.crawl.leaseUntil !== null && source.crawl.leaseUntil > deps.clock.now();
    if (!leased) {
      const [record] = await recentCrawls(deps.db, sourceId, 1);
      return record && record.at >= since ? { record, nextCrawlAt: source.crawl.nextCrawlAt } : null;
    }
    if (Date.now() >= giveUpAt) return null;
    await delay(POLL_MS);
  }
}
