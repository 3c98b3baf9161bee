import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from './until.js';

const SCRIPT = path.join(import.meta.dirname, 'lazyfs.py');
/** Debian's python3-fusepy is installed for Debian's interpreter; `python3` on PATH may be another (pyenv's 3.11 here). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const INSTALL = 'apt-get install fuse3 python3-fusepy; .ci/run does';

/** A directory on lazyfs.py: what was not fsynced is lost at `powerCut()`. */
export interface LazyMount {
  dir: string;
  /** Drops every unsynced write, as a power cut would: the filesystem process is killed and mounted again. */
  powerCut(): Promise<void>;
  /** Unmounts and removes the mount point and the backing directory. */
  close(): Promise<void>;
}

/**
 * Why lazyfs.py cannot mount here, or null when it can: it needs root (it
 * mounts and unmounts without fusermount), /dev/fuse, and fusepy with libfuse2
 * (fusepy finds libfuse when it is imported).
 */
export function lazyFsMissing(): string | null {
  if (process.getuid?.() !== 0) return 'lazyfs.py needs root';
  if (!existsSync('/dev/fuse')) return '/dev/fuse is missing (a container needs --device /dev/fuse)';
  const probe = spawnSync(PYTHON, ['-c', 'import fusepy'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    const why = probe.error?.message ?? probe.stderr.trim().split('\n').at(-1);
    return `${PYTHON} cannot import fusepy (${why}): ${INSTALL}`;
  }
  return null;
}

/** Mounts lazyfs.py over a new backing directory; fails with the daemon's own words if it does not mount. */
export async function mountLazyFs(): Promise<LazyMount> {
  const backing = mkdtempSync(path.join(tmpdir(), 'cf-lazy-backing-'));
  // /proc/self/mountinfo names the mount point by its real path.
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cf-lazy-')));
  let daemon: ChildProcess | null = null;
  const mounted = () => readFileSync('/proc/self/mountinfo', 'utf8').includes(` ${dir} `);

  const mount = async () => {
    let output = '';
    let exit: string | null = null;
    const child = spawn(PYTHON, [SCRIPT, backing, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    daemon = child;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // 'close' comes after the last of its output: the error below carries all of it.
    child.once('close', (code, signal) => (exit = signal ?? `exit code ${code}`));
    child.once('error', (error) => (exit = error.message));
    try {
      await until(
        `lazyfs.py to mount ${dir}`,
        async () => {
          if (mounted()) return true;
          // Before, a daemon that died (fusepy missing, mount refused) was waited for until the timeout, its words unseen.
          if (exit !== null) throw new Error(`lazyfs.py ended (${exit}) before mounting ${dir}`);
          return undefined;
        },
        10_000,
        20,
      );
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}; it said: ${output.trim() || '(nothing)'}`, { cause: error });
    }
  };
  const unmount = async () => {
    const child = daemon;
    const exited =
      child && child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null;
    child?.kill('SIGKILL');
    await exited;
    spawnSync('umount', ['-l', dir]);
    await until(`lazyfs unmounted from ${dir}`, async () => (mounted() ? undefined : true), 10_000, 20);
  };

  try {
    await mount();
  } catch (error) {
    spawnSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
    rmSync(backing, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    async powerCut() {
      await unmount();
      await mount();
    },
    async close() {
      await unmount();
      rmSync(dir, { recursive: true, force: true });
      rmSync(backing, { recursive: true, force: true });
    },
  };
}
