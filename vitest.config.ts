import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Migrates one database per backend, which every test database is a copy of; builds the
    // built-in areas once, which every app and child server reads (BUILTIN_AREAS_FILE); decides
    // whether child servers and CLI commands run dist/ or the sources (TEST_MAIN_FROM).
    globalSetup: ['test/helpers/template-databases.ts', 'test/helpers/builtin-areas-once.ts', 'test/helpers/dist-freshness.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only add contention (and PostgreSQL connections).
    maxWorkers: 2,
  },
});
