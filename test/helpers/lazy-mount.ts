import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from './until.js';

const SCRIPT = path.join(import.meta.dirname, 'lazyfs.py');

/** A directory on lazyfs.py: what was not fsynced is lost at `powerCut()`. */
export interface LazyMount {
  dir: string;
  /** Drops every unsynced write, as a power cut would: the filesystem process is killed and mounted again. */
  powerCut(): Promise<void>;
  close(): Promise<void>;
}

/** Mounts lazyfs.py (needs root, /dev/fuse, fuse3 and python3-fusepy) over a new backing directory. */
export async function mountLazyFs(): Promise<LazyMount> {
  const backing = mkdtempSync(path.join(tmpdir(), 'cf-lazy-backing-'));
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-lazy-'));
  let daemon: ChildProcess | null = null;
  let output = '';
  const mounted = () => readFileSync('/proc/self/mountinfo', 'utf8').includes(` ${dir} `);

  const mount = async () => {
    daemon = spawn('python3', [SCRIPT, backing, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    daemon.stdout!.on('data', (d) => (output += d));
    daemon.stderr!.on('data', (d) => (output += d));
    await until(`lazyfs mounted on ${dir} (${output})`, async () => (mounted() ? true : undefined), 10_000, 20);
  };
  const unmount = async () => {
    const exited = daemon && daemon.exitCode === null && daemon.signalCode === null ? new Promise((resolve) => daemon!.once('exit', resolve)) : null;
    daemon?.kill('SIGKILL');
    await exited;
    spawnSync('umount', ['-l', dir]);
    await until(`lazyfs unmounted from ${dir}`, async () => (mounted() ? undefined : true), 10_000, 20);
  };

  await mount();
  return {
    dir,
    async powerCut() {
      await unmount();
      await mount();
    },
    close: unmount,
  };
}
