import { testBackend } from '../helpers/backends.js';
import { describeFuzz } from '../helpers/openapi-fuzz-suite.js';

// Issue 17's fuzzing on SQLite; the PostgreSQL run is its own file (openapi-fuzz-postgres.test.ts).
describeFuzz(testBackend('sqlite')!);
