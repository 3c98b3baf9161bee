import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * CPU used by named groups of processes over a window, from /proc (Linux only):
 * utime + stime of each process (all its threads) at the start and the end, and
 * the machine's busy time from /proc/stat, so a result says both who used the
 * cores and how busy the cores were in all (other sessions' work included).
 */
export interface CpuGroup {
  name: string;
  /** The group's processes now; called every SAMPLE_MS, so processes that come and go (database backends) are caught. */
  pids(): number[];
}

export interface CpuWindow {
  seconds: number;
  /** Cores used by each group on average over the window (1 = one core busy throughout). */
  cores: Record<string, number>;
  /** Cores busy machine-wide (every process, ours or not), of `cpus().length`. */
  machineCores: number;
}

const SAMPLE_MS = 500;
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime in seconds, or null when the process is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Machine-wide busy and total time (seconds summed over cores) from /proc/stat's first line. */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / TICKS_PER_SECOND, total: (busy + idle! + iowait!) / TICKS_PER_SECOND };
}

/** Every process whose command line satisfies `match` (e.g. a PostgreSQL backend titled with our database's name). */
export function processesWhere(match: (comm: string, cmdline: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (match(comm, cmdline)) pids.push(Number(entry));
    } catch {
      // gone between readdir and read
    }
  }
  return pids;
}

/** Runs `fn` while sampling the groups' CPU; a process first seen after the start counts from its birth (all its time is in the window). */
export async function measureCpu<T>(groups: CpuGroup[], fn: () => Promise<T>): Promise<{ result: T; cpu: CpuWindow }> {
  const base = new Map<number, number>();
  const last = new Map<number, number>();
  const members = groups.map(() => new Set<number>());
  const sample = (first: boolean) => {
    groups.forEach((group, i) => {
      for (const pid of group.pids()) {
        const seconds = cpuSeconds(pid);
        if (seconds === null) continue;
        members[i]!.add(pid);
        if (!base.has(pid)) base.set(pid, first ? seconds : 0);
        last.set(pid, seconds);
      }
    });
  };
  const machineStart = machineSeconds();
  const started = performance.now();
  sample(true);
  const timer = setInterval(() => sample(false), SAMPLE_MS);
  try {
    const result = await fn();
    sample(false);
    const seconds = (performance.now() - started) / 1000;
    const machineEnd = machineSeconds();
    const cores: Record<string, number> = {};
    groups.forEach((group, i) => {
      let used = 0;
      for (const pid of members[i]!) used += last.get(pid)! - base.get(pid)!;
      cores[group.name] = used / seconds;
    });
    const machineCores = ((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total)) * cpus().length;
    return { result, cpu: { seconds, cores, machineCores } };
  } finally {
    clearInterval(timer);
  }
}
