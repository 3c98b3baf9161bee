import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_DIST_DIR } from '../../src/console/console-static-routes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['console/src', 'console/public', 'console/index.html', 'console/vite.config.ts'].map((p) => path.join(ROOT, p));
const LOCK = path.join(ROOT, 'dist', '.console-build.lock');

function newestSourceMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestSourceMtime(path.join(target, name))));
}

function isFresh(): boolean {
  const index = path.join(CONSOLE_DIST_DIR, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...SOURCES.map(newestSourceMtime));
}

/**
 * Builds the console (as `npm run build` does) when dist/console-ui is missing
 * or older than its sources, so tests run from source serve what they test.
 * Test files run in parallel: a lock directory lets one build while the others wait.
 */
export async function ensureConsoleBuilt(): Promise<void> {
  if (isFresh()) return;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a killed run is not held by anyone after 3 minutes.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 180_000) rmdirSync(LOCK);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (isFresh()) return;
    const vite = path.join(ROOT, 'node_modules/.bin/vite');
    const result = spawnSync(vite, ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`vite build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmdirSync(LOCK);
  }
}
