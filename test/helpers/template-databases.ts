import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Where this run's migrated databases are, for test/helpers/backends.ts to copy. */
export interface TemplateDatabases {
  /** A migrated SQLite file (closed, checkpointed: the one file is the whole database). */
  sqliteFile: string;
  /** A migrated PostgreSQL database on TEST_DATABASE_URL's server, or null without one. */
  postgresName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabases: TemplateDatabases;
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Vitest's global setup: runs every migration once per backend, into a database that each
 * test database is then copied from (test/helpers/backends.ts). Migrating a fresh database
 * per test app cost 0.2 s on SQLite and 0.6 s on PostgreSQL; a copy costs a file copy, or
 * 0.06 s for CREATE DATABASE … TEMPLATE. The migrations from empty still run here, on both
 * backends, every run: one that fails fails the run before any test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const sqlite = openDatabase(`sqlite:${sqliteFile}`);
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    await sqlite.close();
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresName: string | null = null;
  if (adminUrl) {
    postgresName = `cf_template_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${postgresName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresName}`;
    const postgres = openDatabase(url.toString());
    try {
      await migrateToLatest(postgres.db);
    } finally {
      // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses then.
      await postgres.close();
    }
  }

  project.provide('templateDatabases', { sqliteFile, postgresName });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
  };
}
