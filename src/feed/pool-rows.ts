import { sql, type Kysely, type Selectable } from 'kysely';
import { decodeVector } from '../analysis/vector-codec.js';
import type { ContentsTable, Database } from '../db/schema.js';
import type { PoolItem } from './pool-item.js';

const COLUMNS = [
  'id',
  'source_id',
  'category',
  'language',
  'published_at',
  'area_ids',
  'vector',
  'latent_vector',
  'latent_version',
  'updated_at',
  'hidden_at',
] as const;

type Row = Pick<Selectable<ContentsTable>, (typeof COLUMNS)[number]>;

/** An item as the pool holds it (the vector decoded, the area ids parsed). */
export type PoolRow = Row;

/** An operator hid it (content/hide-content.ts): never in the pool. */
export const isHidden = (r: Row) => r.hidden_at !== null;

export function toPoolItem(r: Row): PoolItem {
  return {
    id: r.id,
    sourceId: r.source_id,
    category: r.category,
    language: r.language,
    publishedAt: r.published_at,
    vector: r.vector ? decodeVector(r.vector) : null,
    latent: r.latent_vector ? decodeVector(r.latent_vector) : null,
    latentVersion: r.latent_version === null ? null : Number(r.latent_version),
    areaIds: JSON.parse(r.area_ids) as string[],
    updatedAt: r.updated_at,
  };
}

/** Items of the window changed since `since` (an indexed read on contents.updated_at); hidden ones too, so the pool drops them. */
export function readChangedRows(db: Kysely<Database>, since: number, windowStart: number): Promise<Row[]> {
  return db.selectFrom('contents').select(COLUMNS).where('updated_at', '>=', since).where('published_at', '>=', windowStart).execute();
}

/**
 * A page of the window's servable (not hidden) items, newest first, after `after` (keyset on
 * published_at then id, both descending: the published_at index serves it).
 */
export function readNewestRows(
  db: Kysely<Database>,
  windowStart: number,
  after: { publishedAt: number; id: string } | null,
  limit: number,
): Promise<Row[]> {
  let query = db.selectFrom('contents').select(COLUMNS).where('published_at', '>=', windowStart).where('hidden_at', 'is', null);
  if (after)
    query = query
      .where('published_at', '<=', after.publishedAt)
      .where(sql<boolean>`(published_at, id) < (${after.publishedAt}, ${after.id})`);
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The latest change time of any item (0 for none). */
export async function latestUpdate(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contents')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .executeTakeFirst();
  return Number(row?.at ?? 0);
}
