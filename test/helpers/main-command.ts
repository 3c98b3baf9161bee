import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Node's arguments that run `content-feed` (followed by its own: `serve`, `admin …`):
 * the build in dist/ when the global setup found it as new as the sources
 * (test/helpers/dist-freshness.ts), the sources through tsx otherwise.
 */
export function mainArgs(): string[] {
  return process.env.TEST_MAIN_FROM === 'dist'
    ? [path.join(ROOT, 'dist/main.js')]
    : // tsx's loader by its path: a test may run the command from another directory.
      ['--import', path.join(ROOT, 'node_modules/tsx/dist/loader.mjs'), path.join(ROOT, 'src/main.ts')];
}
