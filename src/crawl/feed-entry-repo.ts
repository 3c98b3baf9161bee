import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface KnownEntry {
  key: string;
  fingerprint: string;
  contentId: string | null;
  failures: number;
  firstSeenAt: number;
}

/** Entries of a source's feed already seen, by entry key. */
export async function knownEntries(db: Kysely<Database>, sourceId: string, keys: string[]): Promise<Map<string, KnownEntry>> {
  const found = new Map<string, KnownEntry>();
  // SQLite allows 32k bound parameters; a feed is capped far below that (MAX_ENTRIES_PER_CRAWL).
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('feed_entries')
    .select(['entry_key', 'fingerprint', 'content_id', 'failures', 'first_seen_at'])
    .where('source_id', '=', sourceId)
    .where('entry_key', 'in', keys)
    .execute();
  for (const r of rows) {
    found.set(r.entry_key, {
      key: r.entry_key,
      fingerprint: r.fingerprint,
      contentId: r.content_id,
      failures: r.failures,
      firstSeenAt: r.first_seen_at,
    });
  }
  return found;
}

export async function saveEntry(
  db: Kysely<Database>,
  sourceId: string,
  entry: {
    key: string;
    fingerprint: string;
    contentId: string | null;
    failures: number;
    lastError: string | null;
    firstSeenAt: number;
    now: number;
  },
): Promise<void> {
  const values = {
    fingerprint: entry.fingerprint,
    content_id: entry.contentId,
    failures: entry.failures,
    last_error: entry.lastError,
    updated_at: entry.now,
  };
  await db
    .insertInto('feed_entries')
    .values({ source_id: sourceId, entry_key: entry.key, first_seen_at: entry.firstSeenAt, ...values })
    .onConflict((oc) => oc.columns(['source_id', 'entry_key']).doUpdateSet(values))
    .execute();
}
