import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which build of better-sqlite3 this Node runs. 12 (a node::ObjectWrap addon) aborts
 * the process on Node 24.19 and later: a statement finalized by the garbage collector
 * removes an environment cleanup hook while no environment is current
 * (`Assertion failed: (env) != nullptr`, nodejs/node#65446; seen here on 24.21 in the
 * first HTTP test). 13 (Node-API, prebuilt) needs Node 22 and crashes on Node 20. npm
 * installs 13, as the optional dependency better-sqlite3-napi, only where Node is 22 or later.
 */
export function sqliteModuleFor(nodeVersion: string): 'better-sqlite3' | 'better-sqlite3-napi' {
  return Number(nodeVersion.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

/** Where the module loadSqlite loads lives: for threads that require it themselves (the event writer's). */
export function sqliteModulePath(): string {
  const preferred = sqliteModuleFor(process.versions.node);
  try {
    return require.resolve(preferred);
  } catch {
    return require.resolve('better-sqlite3');
  }
}

/** The better-sqlite3 constructor for this Node (sqliteModuleFor). */
export function loadSqlite(): typeof BetterSqlite3 {
  const preferred = sqliteModuleFor(process.versions.node);
  if (preferred === 'better-sqlite3') return require('better-sqlite3') as typeof BetterSqlite3;
  try {
    return require(preferred) as typeof BetterSqlite3;
  } catch {
    // Installed without optional dependencies: 12 still works up to Node 24.18.
    return require('better-sqlite3') as typeof BetterSqlite3;
  }
}
