import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTarget } from './lib/child.js';
import { profileTable, topFunctions } from './lib/cpu-profile.js';
import { runLoad } from './lib/load.js';

/**
 * `npx tsx bench/profile.ts [server-script] [seconds]`: loads a bench server with
 * 10 connections under the V8 profiler and prints where its CPU time goes
 * (self time by function). How the contents route's hot spots were found.
 */
const script = process.argv[2] ?? 'bench/servers/pipeline-server.ts';
const seconds = Number(process.argv[3] ?? 15);
const dir = mkdtempSync(path.join(tmpdir(), 'cf-prof-'));
const target = await startTarget(script, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
console.log(await runLoad({ url: target.url, headers: target.headers, connections: 10, durationSeconds: seconds }));
await target.stop();

const { file, rows } = topFunctions(dir, 30);
console.log(profileTable(rows));
console.log(`profile: ${file}`);
