import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Self time by function of the first `.cpuprofile` in `dir` (written by `node
 * --cpu-prof --cpu-prof-dir=dir`), highest first. With `windows` ([start, end]
 * in µs of the monotonic clock, as `process.hrtime.bigint() / 1000n` reads it in
 * any process on the machine: V8 stamps samples on the same clock), only the
 * samples inside them count.
 */
export function topFunctions(
  dir: string,
  count = 25,
  windows?: [number, number][],
): { file: string; rows: { share: number; name: string }[] } {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
  };
  const timeByNode = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (windows && !windows.some(([start, end]) => at >= start && at <= end)) return;
    timeByNode.set(id, (timeByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const time = timeByNode.get(node.id) ?? 0;
    total += time;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  }
  if (total === 0) throw new Error(`${file}: no samples${windows ? ' in the given windows' : ''}`);
  const rows = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => ({ share: time / total, name }));
  return { file: path.join(dir, file), rows };
}

/** The rows of topFunctions, one a line: share of the self time, then the function. */
export function profileTable(rows: { share: number; name: string }[]): string {
  return rows.map((r) => `${(r.share * 100).toFixed(1).padStart(5)} %  ${r.name}`).join('\n');
}
