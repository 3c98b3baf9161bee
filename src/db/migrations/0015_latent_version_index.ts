import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// 0015 (issue 15): the fold-in of item vectors finds the articles still to project
// (no latent version, or an older one) through an index, instead of reading every
// article of the pool's window once a minute on the thread that serves requests.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contents_latent_version').on('contents').columns(['latent_version', 'published_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contents_latent_version').execute();
}
