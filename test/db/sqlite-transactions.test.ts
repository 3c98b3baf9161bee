import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';

/**
 * Several connections write one SQLite file (the HTTP thread, the event
 * writer and event threads). A transaction must hold the write lock from its
 * start: a deferred one that read first fails with SQLITE_BUSY at its first
 * write when another connection committed since, whatever the busy timeout.
 */
describe('SQLite transactions', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-sqlite-tx-'));
  const file = path.join(dir, 'db.sqlite');
  const handle = openDatabase(`sqlite:${file}`);
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  afterAll(async () => {
    other.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('take the write lock when they begin, so another connection cannot commit between their read and their write', async () => {
    await sql`create table t (n integer)`.execute(handle.db);
    await handle.db.transaction().execute(async () => {
      // Nothing read or written yet: another writer is already kept out.
      expect(() => other.exec('insert into t values (1)')).toThrow(/locked|busy/i);
    });
    other.exec('insert into t values (2)');
    expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
  });
});
