import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTarget } from './lib/child.js';
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

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const timeByNode = new Map<number, number>();
profile.samples.forEach((id, i) => timeByNode.set(id, (timeByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const time = timeByNode.get(node.id) ?? 0;
  total += time;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
for (const [key, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${((time / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
console.log(`profile: ${path.join(dir, file)}`);
