import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainArgs } from '../helpers/main-command.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';
import { login } from './console-helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The terminal case needs util-linux `script` (Debian: bsdutils). Without it that case
 * is skipped with a warning, unless REQUIRE_ALL_BACKENDS=1 (CI installs it): then it fails.
 */
function hasScript(): boolean {
  if (spawnSync('script', ['--version']).error === undefined) return true;
  const missing = '`script` not found (apt-get install bsdutils; .ci/run does)';
  if (process.env.REQUIRE_ALL_BACKENDS === '1')
    throw new Error(`[tests] ${missing}, and REQUIRE_ALL_BACKENDS=1 requires users-cli's terminal case.`);
  console.warn(`[tests] ${missing}: users-cli's terminal case is SKIPPED.`);
  return false;
}

describe('content-feed admin users … (the CLI against a listening app)', () => {
  let t: TestApp;
  let url: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenantId = (await t.createTenant()).tenantId;
  });
  afterAll(() => t.close());

  // Asynchronous: the server answering the CLI runs in this very process.
  const cli = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [...mainArgs(), 'admin', 'users', ...args, '--url', url], {
        cwd: ROOT,
        env: { ...process.env, ADMIN_TOKEN, DATA_DIR: t.dataDir, CONSOLE_PASSWORD: '', ...options.env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.end(options.stdin ?? '');
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('creates users with the password from standard input or CONSOLE_PASSWORD; lists and deletes them', async () => {
    const member = await cli(['create', '--email', 'cli@example.com', '--role', 'member', '--tenant', tenantId], {
      stdin: 'stdin password 1\n',
    });
    expect(member.status, member.stderr).toBe(0);
    expect(JSON.parse(member.stdout)).toMatchObject({ email: 'cli@example.com', role: 'member', tenant_id: tenantId });
    expect((await login(t, 'cli@example.com', 'stdin password 1')).statusCode).toBe(200);

    const operator = await cli(['create', '--email', 'env@example.com', '--role', 'operator'], {
      env: { CONSOLE_PASSWORD: 'env password 22' },
    });
    expect(operator.status, operator.stderr).toBe(0);
    expect((await login(t, 'env@example.com', 'env password 22')).statusCode).toBe(200);

    const listed = await cli(['list']);
    expect(
      JSON.parse(listed.stdout)
        .console_users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['cli@example.com', 'env@example.com']);
    const deleted = await cli(['delete', JSON.parse(member.stdout).id]);
    expect(deleted.status, deleted.stderr).toBe(0);
    expect((await login(t, 'cli@example.com', 'stdin password 1')).statusCode).toBe(401);
    // The password went over the wire to the service, never into the CLI's output.
    expect(member.stdout + member.stderr + operator.stdout + operator.stderr).not.toMatch(/stdin password|env password/);
  }, 300_000); // four CLI processes, each compiling the sources through tsx when dist/ is stale

  // util-linux `script` gives the CLI a pseudo-terminal as standard input, as a person at a shell has.
  it.skipIf(!hasScript())(
    'refuses to read the password from a terminal (it would be echoed) and says how to give it',
    async () => {
      const command = [
        process.execPath,
        ...mainArgs(),
        'admin',
        'users',
        'create',
        '--email',
        'tty@example.com',
        '--role',
        'operator',
        '--url',
        url,
      ]
        .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
        .join(' ');
      const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
        // -e: script exits with the CLI's status; its standard input ends at once (no keystrokes).
        const child = spawn('script', ['-qec', command, '/dev/null'], {
          cwd: ROOT,
          env: { ...process.env, ADMIN_TOKEN, DATA_DIR: t.dataDir, CONSOLE_PASSWORD: '' },
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.stdin.end();
        child.on('close', (status) => resolve({ status, output }));
      });
      expect(result.status, result.output).toBe(2);
      expect(result.output).toContain('not reading the password from a terminal');
      expect(result.output).toMatch(/pipe it .*CONSOLE_PASSWORD.*--password/);
      expect(result.output).not.toContain('Password (');
      expect((await t.admin('GET', '/admin/v1/console-users')).json().console_users.map((u: { email: string }) => u.email)).not.toContain(
        'tty@example.com',
      );
    },
    120_000,
  );
});
