import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './template-databases.js'; // inject()'s type

/** A database for one test app: a URL and a way to remove it afterwards. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface Backend {
  name: 'sqlite' | 'postgres';
  /**
   * A fresh database with every migration applied: a copy of the one the global setup
   * migrated (test/helpers/template-databases.ts). The app's own migration at start finds
   * nothing left to do.
   */
  create(): Promise<TestDatabase>;
  /** A fresh database with no tables, for a test of what migrates it (the first of a fleet's nodes). */
  createEmpty(): Promise<TestDatabase>;
}

const sqlite: Backend = {
  name: 'sqlite',
  async create() {
    const database = await sqlite.createEmpty();
    copyFileSync(inject('templateDatabases').sqliteFile, database.url.slice('sqlite:'.length));
    return database;
  },
  async createEmpty() {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-test-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, drop: async () => {} };
  },
};

function postgres(adminUrl: string): Backend {
  const createDatabase = async (template: string | null): Promise<TestDatabase> => {
    // A fresh database per test app: tests never see each other's rows.
    const name = `cf_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  };
  return {
    name: 'postgres',
    create: () => {
      const template = inject('templateDatabases').postgresName;
      if (!template) throw new Error('no PostgreSQL template database: was TEST_DATABASE_URL set after the global setup ran?');
      return createDatabase(template);
    },
    createEmpty: () => createDatabase(null),
  };
}

/**
 * Every backend this run can reach: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. CI sets REQUIRE_ALL_BACKENDS=1 so a missing
 * PostgreSQL fails the run instead of silently shrinking it.
 */
export function testBackends(): Backend[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.REQUIRE_ALL_BACKENDS === '1') throw new Error('TEST_DATABASE_URL is required (REQUIRE_ALL_BACKENDS=1)');
    if (!warned) {
      warned = true;
      console.warn('[tests] TEST_DATABASE_URL not set: PostgreSQL suites are SKIPPED; only SQLite runs.');
    }
    return [sqlite];
  }
  return [sqlite, postgres(url)];
}
let warned = false;

/**
 * testBackends()' backend of that name, or null where this run lacks it: for a suite
 * split into a file per backend, so that CI's two workers run its halves side by side.
 */
export function testBackend(name: Backend['name']): Backend | null {
  return testBackends().find((backend) => backend.name === name) ?? null;
}

export function testRedisUrl(): string | null {
  const url = process.env.TEST_REDIS_URL ?? null;
  if (!url && process.env.REQUIRE_ALL_BACKENDS === '1') throw new Error('TEST_REDIS_URL is required (REQUIRE_ALL_BACKENDS=1)');
  if (!url) console.warn('[tests] TEST_REDIS_URL not set: Redis suites are SKIPPED.');
  return url;
}

/** NATS with JetStream for the event-log suites (EVENT_LOG_URL); null skips them, unless REQUIRE_ALL_BACKENDS=1. */
export function testNatsUrl(): string | null {
  const url = process.env.TEST_NATS_URL ?? null;
  if (!url && process.env.REQUIRE_ALL_BACKENDS === '1') throw new Error('TEST_NATS_URL is required (REQUIRE_ALL_BACKENDS=1)');
  if (!url) console.warn('[tests] TEST_NATS_URL not set: event-log (NATS JetStream) suites are SKIPPED.');
  return url;
}
