import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * `count` copies of one stored article, written straight into `contents` (ingesting
 * thousands through the API would take minutes): copy `i` is `cnt_<name>_<i>` (i padded
 * to 5 digits) with its own URL, published at `publishedAt(i)`. Returns their ids.
 */
export async function storeCopies(
  db: Kysely<Database>,
  name: string,
  count: number,
  publishedAt: (i: number) => number,
  updatedAt?: number,
): Promise<string[]> {
  const [model] = await db.selectFrom('contents').selectAll().limit(1).execute();
  const rows = Array.from({ length: count }, (_, i) => ({
    ...model!,
    id: `cnt_${name}_${String(i).padStart(5, '0')}`,
    url: `https://news.example/${name}/${i}`,
    canonical_url: `https://news.example/${name}/${i}`,
    published_at: publishedAt(i),
    updated_at: updatedAt ?? model!.updated_at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('contents')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.id);
}
