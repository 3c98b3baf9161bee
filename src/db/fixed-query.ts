import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs SQL text written once with new parameters: no query building or
 * compiling per call. For the reads of the feed's request path (a user's
 * state, the catalog's misses): Kysely's builder and compiler were ~80 % of
 * the CPU of one user's four reads on SQLite (bench/RESULTS.md, issue 15). The text is the
 * backend's own: `?` placeholders on SQLite, `$n` on PostgreSQL. It still runs
 * through Kysely's executor (the connection, SQLite's statement cache, plugins).
 */
export async function fixedQuery<Row>(db: Kysely<Database>, text: string, parameters: unknown[]): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
}

const lists: string[] = [];

/** `?, ?, ?`: the placeholders of an SQLite `IN (…)` list of `n` values (texts of up to 1,000 kept). */
export function placeholders(n: number): string {
  if (n > 1000) return Array.from({ length: n }, () => '?').join(', ');
  return (lists[n] ??= Array.from({ length: n }, () => '?').join(', '));
}
