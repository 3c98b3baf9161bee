import type { Kysely } from 'kysely';
import type { CrawlCounts } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';

/**
 * The automatic review of a new source (DESIGN §7): its feed was reachable and
 * valid (the crawl succeeded), most of its articles could be extracted, and
 * most were not copies of articles we already hold. Passing raises an
 * unreviewed source (0) to AI-reviewed (1); levels 2–3 stay a human decision.
 */
export function passesAutomaticReview(counts: CrawlCounts): boolean {
  const stored = counts.new + counts.updated;
  const attempted = stored + counts.duplicate + counts.failed;
  return stored > 0 && counts.failed * 2 <= attempted && counts.duplicate * 2 <= attempted;
}

export async function raiseToReviewed(db: Kysely<Database>, sourceId: string, now: number): Promise<void> {
  await db
    .updateTable('sources')
    .set({ trust_level: 1, updated_at: now })
    .where('id', '=', sourceId)
    .where('trust_level', '=', 0)
    .execute();
}
