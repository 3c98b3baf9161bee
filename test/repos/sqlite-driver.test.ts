import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSqlite, sqliteModuleFor } from '../../src/db/sqlite-driver.js';

const require = createRequire(import.meta.url);

describe('which better-sqlite3 each Node runs (src/db/sqlite-driver.ts)', () => {
  it('12 on Node 20, 13 (Node-API) from Node 22 on', () => {
    expect(sqliteModuleFor('20.20.2')).toBe('better-sqlite3');
    expect(sqliteModuleFor('22.12.0')).toBe('better-sqlite3-napi');
    expect(sqliteModuleFor('24.21.0')).toBe('better-sqlite3-napi');
  });

  it(`loads the one for this Node (${process.version}) and opens a database with it`, () => {
    const SQLite = loadSqlite();
    const wanted = sqliteModuleFor(process.versions.node);
    // On Node 22 and later npm installs the Node-API build; CI's Node 24 run checks it is the one used.
    const installed = (() => {
      try {
        return require(wanted) as unknown;
      } catch {
        return null;
      }
    })();
    expect(SQLite).toBe(installed ?? require('better-sqlite3'));
    const db = new SQLite(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });
});
