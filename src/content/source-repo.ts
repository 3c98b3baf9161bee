import type { Kysely } from 'kysely';
import type { Database, SourceRow } from '../db/schema.js';

export interface Source {
  id: string;
  name: string;
  feedUrl: string | null;
  trustLevel: number;
  language: string | null;
  category: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

function toSource(row: SourceRow): Source {
  return {
    id: row.id,
    name: row.name,
    feedUrl: row.feed_url,
    trustLevel: row.trust_level,
    language: row.language,
    category: row.category,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(source: Source): SourceRow {
  return {
    id: source.id,
    name: source.name,
    feed_url: source.feedUrl,
    trust_level: source.trustLevel,
    language: source.language,
    category: source.category,
    active: source.active ? 1 : 0,
    created_at: source.createdAt,
    updated_at: source.updatedAt,
  };
}

export async function insertSource(db: Kysely<Database>, source: Source): Promise<void> {
  await db.insertInto('sources').values(toRow(source)).execute();
}

export async function findSource(db: Kysely<Database>, id: string): Promise<Source | null> {
  const row = await db.selectFrom('sources').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSource(row) : null;
}

export async function listSources(db: Kysely<Database>): Promise<Source[]> {
  const rows = await db.selectFrom('sources').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toSource);
}

export async function saveSource(db: Kysely<Database>, source: Source): Promise<void> {
  const { id, created_at: _created, ...changes } = toRow(source);
  await db.updateTable('sources').set(changes).where('id', '=', id).execute();
}

/** Deletes the source and, by cascade, its contents (the licence to show them ends with it). */
export async function deleteSource(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sources').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
