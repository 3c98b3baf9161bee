import { spawn, type ChildProcess } from 'node:child_process';
import { builtMain, ROOT } from './built-service.js';

export interface ServiceProcess {
  /** http://127.0.0.1:<port> for `serve`; null for `worker`. */
  url: string | null;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * As test/helpers/child-server.ts, with a longer wait: on 100,000 items a node
 * loads its pool and term statistics before it listens, which took over 30 s
 * on this shared 2-core VM.
 */
const START_LIMIT_MS = 180_000;
/** A process still running this long after SIGTERM (a push job winding down) is killed. */
const STOP_LIMIT_MS = 30_000;

/**
 * Starts `content-feed serve|worker …` as production does (`node dist/main.js`, built from the sources
 * first) and waits for the line that says it runs.
 */
export async function startService(
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
  cwd = ROOT,
): Promise<ServiceProcess> {
  const main = builtMain();
  const child = spawn(process.execPath, [...nodeArgs, main, ...args], {
    cwd,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // else it outlives the benchmark, holding its pipes (and the run) open
      reject(new Error(`content-feed ${args.join(' ')} did not start in ${START_LIMIT_MS / 1000} s:\n${output}`));
    }, START_LIMIT_MS);
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (listening || output.includes('content-feed worker running')) {
        clearTimeout(timer);
        resolve(listening ? listening[1]! : null);
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', (d) => (output += d));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`content-feed ${args.join(' ')} exited with ${child.exitCode}:\n${output}`));
    });
  });
  // Keep draining its output, so a full pipe never blocks it; its errors (pino level ≥ 50) go to
  // the benchmark's stderr, so a 500 under load comes with its cause.
  child.stdout.removeAllListeners('data');
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (/"level":(50|60)[,}]/.test(line)) process.stderr.write(`[${args[0]}] ${line.slice(0, 2000)}\n`);
  });
  child.stderr.removeAllListeners('data');
  child.stderr.on('data', (d) => process.stderr.write(d));
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
