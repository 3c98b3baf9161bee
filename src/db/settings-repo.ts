import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Small service-wide values (the area import mode, learned term statistics). */
export async function getSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function putSetting(db: Kysely<Database> | Transaction<Database>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
