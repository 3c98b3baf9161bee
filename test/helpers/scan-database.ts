import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/** Every table of the app's database (SQLite or PostgreSQL), from the catalogue. */
export async function tableNames(t: TestApp): Promise<string[]> {
  const query =
    t.deps.dbKind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`;
  return (await query.execute(t.deps.db)).rows.map((r) => r.name);
}

/** Whether any cell of any table holds `needle` as text (a full scan: tests only). */
export async function databaseContains(t: TestApp, needle: string): Promise<boolean> {
  return (await tablesContaining(t, needle)).length > 0;
}

export async function tablesContaining(t: TestApp, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(t)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.deps.db)).rows;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- columns hold text, numbers and Buffers: String() spells each out
    if (rows.some((row) => Object.values(row).some((v) => v !== null && String(v).includes(needle)))) found.push(table);
  }
  return found;
}
