import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface BenchTarget {
  url: string;
  headers: Record<string, string>;
  /** Extra facts a server reports (base URL, tenant, content, secret). */
  info: Record<string, string>;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A server that has not exited this long after SIGTERM (a push job winding down) is killed. */
const STOP_LIMIT_MS = 30_000;

/** Starts a bench server in its own process (one core for it, one for the load). */
export async function startTarget(script: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<BenchTarget> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; headers: Record<string, string>; info: Record<string, string> }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /READY (.*)\n/.exec(out);
      if (match) {
        const { url, headers, ...info } = JSON.parse(match[1]!);
        resolve({ url, headers, info });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    ...ready,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
