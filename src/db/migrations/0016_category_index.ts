import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0016 (issue 15): the category backfill finds the articles without a category, or
// left `other` by the classifier, through an index, instead of reading every article
// of its window (1.1 s on the HTTP thread of an embedded node with 100,000 articles).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contents_category').on('contents').columns(['category', 'category_source', 'published_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contents_category').execute();
}
