import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { testBackends } from '../helpers/backends.js';

/**
 * The database URL is read in one place, openDatabase: the runtime asks the
 * handle whether the database is a SQLite file (the event writer thread opens it
 * by its path) or lives in memory (no other thread can open it, so everything
 * runs inline), instead of reading the URL again.
 */
describe('openDatabase', () => {
  it('a sqlite: file (in a directory it creates) is the file other connections open, by either spelling of the URL', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-open-')), 'nested', 'dir', 'test.sqlite');
    const first = openDatabase(`sqlite:${file}`);
    try {
      expect(first).toMatchObject({ kind: 'sqlite', sqliteFile: file, inMemory: false });
      expect(existsSync(file)).toBe(true);
      await sql`create table marks (id text)`.execute(first.db);
      await sql`insert into marks values ('written by the first connection')`.execute(first.db);

      const second = openDatabase(`sqlite://${first.sqliteFile}`);
      try {
        expect(second).toMatchObject({ kind: 'sqlite', sqliteFile: file, inMemory: false });
        const { rows } = await sql<{ id: string }>`select id from marks`.execute(second.db);
        expect(rows).toEqual([{ id: 'written by the first connection' }]);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it('sqlite::memory: is in memory, with no file for another connection', async () => {
    const memory = openDatabase('sqlite::memory:');
    try {
      expect(memory).toMatchObject({ kind: 'sqlite', sqliteFile: null, inMemory: true });
    } finally {
      await memory.close();
    }
  });

  const postgres = testBackends().find((b) => b.name === 'postgres');
  it.skipIf(!postgres)('postgres:// is PostgreSQL: neither a file nor in memory', async () => {
    const database = await postgres!.create();
    const handle = openDatabase(database.url);
    try {
      expect(handle).toMatchObject({ kind: 'postgres', sqliteFile: null, inMemory: false });
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('refuses another scheme, naming it', () => {
    expect(() => openDatabase('mysql://localhost/feed')).toThrow('Unsupported DATABASE_URL scheme: mysql');
  });
});
