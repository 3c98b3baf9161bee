import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ADMIN_COMMANDS, adminHelp } from '../../src/cli/admin.js';
import { CliError } from '../../src/cli/cli-error.js';
import { listenOn } from '../../src/cli/listen.js';
import { mainArgs } from '../helpers/main-command.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `content-feed …` (mainArgs()), in a child process with only the environment given (plus PATH). */
function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...mainArgs(), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end();
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The modules `file` loads when it is imported: its static, non-type imports, followed through src/. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm)) {
    const target = match[1]!;
    if (!target.startsWith('.')) {
      seen.add(target);
      continue;
    }
    staticImports(path.resolve(path.dirname(file), target.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('content-feed --help, --version', () => {
  it('prints help and exits 0 on every command, creating nothing (no database, no token, no server)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-cli-help-'));
    const runs = [
      ['--help'],
      ['serve', '--demo', '--help'],
      ['worker', '-h'],
      ['migrate', '--help'],
      ['admin', 'tenants', '--help'],
      ['admin', 'users', 'create', '--help'],
    ];
    // In parallel: each is its own process, and the machine has cores to spare between their compilations.
    const results = await Promise.all(runs.map((args) => cli(args, { DATA_DIR: dataDir, PORT: '0' })));
    for (const [i, result] of results.entries()) {
      expect(result.status, `${runs[i]!.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stdout, runs[i]!.join(' ')).toMatch(/^usage/m);
      expect(result.stderr).toBe('');
    }
    expect(results[1]!.stdout).toContain('--no-workers');
    expect(results[4]!.stdout).toContain('content-feed admin tenants create --name N');
    expect(results[5]!.stdout).toContain('users create --email E --role operator|member');
    // Nothing was migrated, served or written: DATA_DIR is as empty as it was made.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it('gives every admin subcommand and resource its own usage', () => {
    for (const name of ADMIN_COMMANDS) {
      const [resource, action] = name.split(' ');
      expect(adminHelp([resource!, action!, '--help'])).toMatch(new RegExp(`^usage: content-feed admin ${resource} ${action}\\b`));
      expect(adminHelp([resource!, '-h'])).toContain(`content-feed admin ${resource} ${action}`);
      expect(adminHelp(['help', resource!, action!])).toMatch(/^usage: content-feed admin/);
    }
    expect(adminHelp(['tenants', 'list'])).toBeNull();
  });

  it('prints the version of package.json', async () => {
    const result = await cli(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`content-feed ${JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}`);
  }, 60_000);

  it('refuses an unknown flag of serve instead of starting', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-cli-flag-'));
    const result = await cli(['serve', '--dmeo'], { DATA_DIR: dataDir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--dmeo'/);
    expect(result.stderr).toContain('usage: content-feed serve');
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('loads only the admin client for `admin …`: no server, database or ranking modules', () => {
    const main = staticImports(path.join(ROOT, 'src/main.ts'));
    const admin = staticImports(path.join(ROOT, 'src/cli/admin.ts'));
    for (const loaded of [main, admin]) {
      const names = [...loaded].map((m) => path.relative(ROOT, m));
      expect(names).not.toContain('src/app.ts');
      expect(names).not.toContain('src/deps.ts');
      expect(names.filter((n) => /^(fastify|kysely|better-sqlite3|pg|ioredis|sharp|pino)$/.test(n))).toEqual([]);
    }
    // The check can see a heavy import: serve's own file has them.
    expect([...staticImports(path.join(ROOT, 'src/cli/serve.ts'))].map((m) => path.relative(ROOT, m))).toContain('src/app.ts');
  });
});

describe('CLI errors that name the fix', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('says which address it could not reach and how to point it elsewhere', async () => {
    // Port 1 on loopback: nothing listens there, and no test can take it in the meantime,
    // as one could a port taken and given back.
    const port = 1;
    const result = await cli(['admin', 'tenants', 'list', '--url', `http://127.0.0.1:${port}`], { ADMIN_TOKEN });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port}: is the server running\\? \\(--url\\)`));
    expect(result.stderr).not.toContain('fatal');
  }, 60_000);

  it('says which token file it looked for, and creates none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-cli-token-'));
    const result = await cli(['admin', 'tenants', 'list', '--url', url], { DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`ADMIN_TOKEN is not set and ${path.join(dataDir, 'admin-token')} does not exist`);
    expect(existsSync(path.join(dataDir, 'admin-token'))).toBe(false);
  }, 60_000);

  it('passes on the allowed values of an enum the service refused', async () => {
    const result = await cli(['admin', 'tenants', 'create', '--name', 'Typo', '--plan', 'enterprize', '--url', url], { ADMIN_TOKEN });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr).errors).toEqual([
      { location: 'body', name: 'plan', message: 'must be one of starter, professional, enterprise, custom' },
    ]);
  }, 60_000);

  // serve and worker listen through listenOn; main prints a CliError's message as it is (the cases above).
  it('says which setting moves the server off a port in use', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    const app = Fastify();
    try {
      await expect(listenOn(app, port, '127.0.0.1', 'PORT')).rejects.toThrow(new CliError(`port ${port} is in use: set PORT`));
      await expect(listenOn(app, port, '127.0.0.1', 'WORKER_METRICS_PORT')).rejects.toThrow(
        `port ${port} is in use: set WORKER_METRICS_PORT`,
      );
    } finally {
      await app.close();
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
