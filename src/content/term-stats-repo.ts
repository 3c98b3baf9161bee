import type { Kysely } from 'kysely';
import { DocumentFrequencies } from '../analysis/document-frequencies.js';
import type { Database } from '../db/schema.js';
import { getSetting, putSetting } from '../db/settings-repo.js';

const KEY = 'analysis.document_frequencies';

/** The term statistics learned so far (empty on a new database). */
export async function loadTermStats(db: Kysely<Database>): Promise<DocumentFrequencies> {
  const stored = await getSetting(db, KEY);
  return stored === null ? new DocumentFrequencies() : DocumentFrequencies.fromJSON(JSON.parse(stored));
}

export async function saveTermStats(db: Kysely<Database>, stats: DocumentFrequencies, now: number): Promise<void> {
  await putSetting(db, KEY, JSON.stringify(stats), now);
}
