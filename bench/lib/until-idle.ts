import { setTimeout as sleep } from 'node:timers/promises';
import { measureCpu } from './cpu-sampler.js';

/**
 * Waits until the processes together use under `belowCores` for a whole second
 * (pools loaded, backlogs applied, background rankings done), at most `limitMs`;
 * returns the seconds waited.
 */
export async function untilIdle(pids: number[], limitMs = 60_000, belowCores = 0.2): Promise<number> {
  const groups = pids.map((pid) => ({ name: String(pid), pids: () => [pid] }));
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const { cpu } = await measureCpu(groups, () => sleep(1000));
    if (Object.values(cpu.cores).reduce((a, b) => a + b, 0) < belowCores) break;
  }
  return (Date.now() - started) / 1000;
}
