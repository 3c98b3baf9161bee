import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The article already stored under any of these (canonical) URLs, if one is. */
export async function contentIdByUrl(db: Kysely<Database>, urls: string[]): Promise<string | null> {
  if (urls.length === 0) return null;
  const row = await db.selectFrom('content_urls').select('content_id').where('url', 'in', urls).executeTakeFirst();
  if (row) return row.content_id;
  // Articles ingested before URLs were recorded are found by their canonical URL.
  const legacy = await db.selectFrom('contents').select('id').where('canonical_url', 'in', urls).executeTakeFirst();
  return legacy?.id ?? null;
}

/** Records more URLs of an article; URLs already taken by another article are left to it. */
export async function addContentUrls(db: Kysely<Database>, contentId: string, urls: string[]): Promise<void> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return;
  await db
    .insertInto('content_urls')
    .values(unique.map((url) => ({ url, content_id: contentId })))
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
}
