import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { tableNames } from './scan-database.js';
import type { TestApp } from './test-app.js';

/**
 * Columns a timer writes whatever the requests do: the meter's flush stamps a key's
 * `last_used_at` (authenticate-key.ts), so it may land during any request.
 */
const WRITTEN_BY_TIMERS = ['last_used_at'];

/** Per table: its row count and a digest of its rows' contents (in any order). */
export type Fingerprint = Record<string, { rows: number; digest: string }>;

/**
 * A fingerprint of the app's state: every table's row count and contents, and
 * the files of the local object store. A refused request (4xx) must leave it as
 * it was, so an update of an existing row shows as well as an insert or delete.
 * Row order does not matter: each row is hashed alone and the hashes sorted.
 */
export async function databaseFingerprint(t: TestApp, tables?: string[]): Promise<Fingerprint> {
  const names = (tables ?? (await tableNames(t))).sort();
  const fingerprint: Fingerprint = t.deps.dbKind === 'sqlite' ? await sqliteTables(t, names) : await postgresTables(t, names);
  fingerprint['(object store)'] = objectStore(path.join(t.dataDir, 'objects'));
  return fingerprint;
}

/** The tables whose rows differ, as `table: before → after rows` (and whether their contents changed). */
export function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after)
    .filter((table) => before[table]?.digest !== after[table]!.digest)
    .map((table) => {
      const [was, is] = [before[table]?.rows ?? 0, after[table]!.rows];
      return was === is ? `${table}: ${is} rows, contents changed` : `${table}: ${was} → ${is} rows`;
    });
}

/** One round trip: the server hashes each row (as jsonb, timer-written columns dropped) and the sorted hashes. */
async function postgresTables(t: TestApp, names: string[]): Promise<Fingerprint> {
  const ignored = sql.join(WRITTEN_BY_TIMERS.map((c) => sql.lit(c)));
  const columns = names.map(
    (name) =>
      sql`(select count(*)::text || ':' || coalesce(md5(string_agg(h, '' order by h)), '')
           from (select md5((to_jsonb(x) - array[${ignored}]::text[])::text) as h from ${sql.table(name)} x) s) as ${sql.ref(name)}`,
  );
  const row = (await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(t.deps.db)).rows[0]!;
  return Object.fromEntries(
    names.map((name) => {
      const [rows, digest] = row[name]!.split(':') as [string, string];
      return [name, { rows: Number(rows), digest }];
    }),
  );
}

/** In process: every row read and hashed here (the fuzzer's tables hold hundreds of rows, not millions). */
async function sqliteTables(t: TestApp, names: string[]): Promise<Fingerprint> {
  const fingerprint: Fingerprint = {};
  for (const name of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.deps.db)).rows;
    fingerprint[name] = { rows: rows.length, digest: digestOf(rows.map(rowDigest)) };
  }
  return fingerprint;
}

function rowDigest(row: Record<string, unknown>): string {
  const hash = createHash('sha1');
  for (const [column, value] of Object.entries(row)) {
    if (WRITTEN_BY_TIMERS.includes(column)) continue;
    hash.update(`${column}\u0000${typeof value}\u0000`);
    hash.update(Buffer.isBuffer(value) ? value : String(value));
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

function digestOf(parts: string[]): string {
  return createHash('sha1').update(parts.sort().join('')).digest('hex');
}

/** Every file under the object store's root, by path and contents. */
function objectStore(root: string): { rows: number; digest: string } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(`${path.relative(root, full)}:${createHash('sha1').update(readFileSync(full)).digest('hex')}`);
    }
  };
  if (existsSync(root)) walk(root);
  return { rows: files.length, digest: digestOf(files) };
}
