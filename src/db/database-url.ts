/** The SQLite file a `sqlite:<file>` (or `sqlite://<file>`) URL names, `:memory:` included; null for any other URL. */
export function sqliteFileOf(url: string): string | null {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length).replace(/^\/\//, '') : null;
}

/** SQLite in memory lives in one connection: no other thread can open it by its URL. */
export function isSqliteInMemory(url: string): boolean {
  return sqliteFileOf(url) === ':memory:';
}
