import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** The database behind `db` is PostgreSQL (the batch reads below are written for it; SQLite plans `IN (…)` lists well). */
export function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Each id once: a user's rows are read once. */
export const uniqueIds = (userIds: readonly string[]): string[] => [...new Set(userIds)];

/**
 * A FROM clause for a batch of users' rows on PostgreSQL, read user by user:
 * the ids unnested (in their order, `u.n`), each joined LATERAL to `perUser`, a
 * subquery naming `u.user_id` and fenced with OFFSET 0 or a LIMIT so that the
 * planner cannot flatten it into one join over the table; its rows are `r`.
 *
 * Why: the same reads as `user_id IN (…500 ids)` were planned as a scan of the
 * tenant's every row, then a filter: on tables without statistics (autovacuum
 * off, as on the machines that run the benchmarks, or a table a job is filling)
 * and with them (a list estimated at a quarter of the table). A push job reads
 * its users 500 at a time, so each batch read the whole tenant's read marks,
 * signals, users and push history: 282,000 rows read per 1,000 users of a
 * 20,000-user job, growing with the audience (issue 20). Per user, an index
 * range reads only that user's rows.
 */
export function rowsPerUser(userIds: readonly string[], perUser: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`unnest(${uniqueIds(userIds)}::text[]) with ordinality as u(user_id, n) cross join lateral (${perUser}) as r`;
}

/**
 * `rowsPerUser` as fixed text (fixed-query.ts): `perUser` names `u.user_id`, and the
 * ids are the array parameter `$<arrayParameter>` (pass them through `uniqueIds`).
 */
export function rowsPerUserText(perUser: string, arrayParameter: number): string {
  return `unnest($${arrayParameter}::text[]) with ordinality as u(user_id, n) cross join lateral (${perUser}) as r`;
}
