import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';

export interface UserSearch {
  /** The start of the user id. */
  prefix?: string;
  /** A property the user has; with `value`, one equal to it or (a list) holding it. */
  property?: string;
  value?: string;
}

export interface UserSummaryRow {
  user_id: string;
  properties: string;
  created_at: number;
  last_active_at: number | null;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of a tenant's users in `user_id` order after `afterUserId`, searched by
 * id prefix and by property. Properties are JSON text: read with each database's
 * JSON functions (SQLite json_extract/json_each, PostgreSQL jsonb), values
 * compared as text so `2` finds both 2 and "2".
 */
export async function searchUsers(
  db: Kysely<Database>,
  kind: DatabaseKind,
  tenantId: string,
  search: UserSearch,
  afterUserId: string | null,
  limit: number,
): Promise<UserSummaryRow[]> {
  let query = db.selectFrom('users').select(['user_id', 'properties', 'created_at', 'last_active_at']).where('tenant_id', '=', tenantId);
  if (search.prefix) query = query.where(sql<boolean>`user_id like ${`${likeEscaped(search.prefix)}%`} escape '\\'`);
  const { property, value } = search;
  if (property !== undefined) {
    if (kind === 'postgres') {
      const field = sql`(properties::jsonb -> ${property})`;
      query = query.where(
        value === undefined
          ? sql<boolean>`${field} is not null`
          : sql<boolean>`((properties::jsonb ->> ${property}) = ${value} or (jsonb_typeof(${field}) = 'array'
              and exists (select 1 from jsonb_array_elements_text(${field}) as e(v) where e.v = ${value})))`,
      );
    } else {
      const path = `$."${property}"`;
      query = query.where(
        value === undefined
          ? sql<boolean>`json_type(properties, ${path}) is not null`
          : sql<boolean>`(cast(json_extract(properties, ${path}) as text) = ${value} or (json_type(properties, ${path}) = 'array'
              and exists (select 1 from json_each(properties, ${path}) where cast(json_each.value as text) = ${value})))`,
      );
    }
  }
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  const rows = await query.orderBy('user_id').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    last_active_at: r.last_active_at === null ? null : Number(r.last_active_at),
  }));
}
