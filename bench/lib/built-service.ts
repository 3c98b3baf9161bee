import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

let built = false;

/**
 * `dist/main.js`, compiled from the sources as they are now: the benchmarks run
 * `content-feed` as production does (the package's bin, `npm start`), not
 * through tsx, whose compiling of every module at start would count in the
 * boot time and the first seconds of every load. Compiles once per benchmark
 * process (the server's TypeScript and the built-in areas; not the console).
 */
export function builtMain(): string {
  if (!built) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    execFileSync(process.execPath, ['dist/areas/write-builtin-areas.js'], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  return path.join(ROOT, 'dist/main.js');
}
