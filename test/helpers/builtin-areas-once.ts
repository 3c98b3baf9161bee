import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBuiltinAreas } from '../../src/areas/builtin-areas.js';

/**
 * Vitest's global setup: builds the built-in areas from the sources (the data packages)
 * once per run, as `npm run build` does, and names the file in BUILTIN_AREAS_FILE, which
 * the test processes and the servers they start inherit. Each of them built the areas
 * itself before: ~0.7 s alone and 3.3 s against 0.18 s for reading the file on a loaded
 * machine, in ~150 test files and ~30 child servers. The build still runs from the
 * sources every run (one that throws fails the run before any test), and
 * test/areas/builtin-areas.test.ts builds them again and compares the file's round trip.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-areas-once-'));
  const file = path.join(dir, 'builtin-areas.json');
  writeFileSync(file, JSON.stringify(buildBuiltinAreas()));
  process.env.BUILTIN_AREAS_FILE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
