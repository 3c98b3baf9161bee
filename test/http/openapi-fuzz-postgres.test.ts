import { it } from 'vitest';
import { testBackend } from '../helpers/backends.js';
import { describeFuzz } from '../helpers/openapi-fuzz-suite.js';

// Issue 17's fuzzing on PostgreSQL (its own file: it runs beside the SQLite run, openapi-fuzz-sqlite.test.ts).
const backend = testBackend('postgres');
if (backend) describeFuzz(backend);
else it.skip('fuzzing every operation on PostgreSQL (TEST_DATABASE_URL not set)', () => {});
