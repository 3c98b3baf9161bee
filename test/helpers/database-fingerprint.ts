import { sql } from 'kysely';
import { tableNames } from './scan-database.js';
import type { TestApp } from './test-app.js';

/**
 * A cheap fingerprint of the app's database: the row count of every table, in
 * one query. A refused request (4xx) must leave it as it was.
 */
export async function databaseFingerprint(t: TestApp, tables?: string[]): Promise<Record<string, number>> {
  const names = (tables ?? (await tableNames(t))).sort();
  const counts = names.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`);
  const row = (await sql<Record<string, number | string>>`select ${sql.join(counts)}`.execute(t.deps.db)).rows[0]!;
  return Object.fromEntries(names.map((name) => [name, Number(row[name])]));
}

/** The tables whose count differs, as `table: before → after`. */
export function fingerprintChanges(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
