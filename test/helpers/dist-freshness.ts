import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Vitest's global setup: decides whether the `content-feed` processes tests start
 * (servers, workers, CLI commands: test/helpers/main-command.ts) run the build in dist/
 * or the sources through tsx, and names it in TEST_MAIN_FROM, which the test
 * processes inherit. From dist only when every .ts file under src/ has its .js under
 * dist/ and none is newer than it: a test never runs a build older than the sources it checks.
 * tsx compiled the sources at each start, in the process and in each of its threads:
 * 2-5 s of CPU per server on CI's two cores, ~100 starts a run.
 *
 * Otherwise (sources edited since the last `npm run build`) they run from the sources
 * as before, with a warning; REQUIRE_FRESH_DIST=1 (CI, after `npm ci` built dist/)
 * fails the run instead, so CI never falls back quietly to the slow path.
 */
export default function setup(): void {
  const stale = firstStale(path.join(ROOT, 'src'));
  if (stale === null) {
    process.env.TEST_MAIN_FROM = 'dist';
    return;
  }
  const why = `dist/ is older than ${path.relative(ROOT, stale)} (or lacks its .js)`;
  if (process.env.REQUIRE_FRESH_DIST === '1') throw new Error(`${why}: run \`npm run build\` (REQUIRE_FRESH_DIST=1)`);
  console.warn(`[tests] ${why}: servers and CLI commands run from the sources through tsx (slower; \`npm run build\` to use dist/).`);
  process.env.TEST_MAIN_FROM = 'source';
}

/** The first source file under `dir` whose built .js is missing or older, or null. */
function firstStale(dir: string): string | null {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const source = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const stale = firstStale(source);
      if (stale !== null) return stale;
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const built = path.join(ROOT, 'dist', path.relative(path.join(ROOT, 'src'), source)).replace(/\.ts$/, '.js');
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(source).mtimeMs) return source;
    }
  }
  return null;
}
