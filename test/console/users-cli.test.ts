import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';
import { login } from './console-helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'admin', 'users', ...args, '--url', url], {
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
    const member = await cli(['create', '--email', 'cli@example.com', '--role', 'member', '--tenant', tenantId], { stdin: 'stdin password 1\n' });
    expect(member.status, member.stderr).toBe(0);
    expect(JSON.parse(member.stdout)).toMatchObject({ email: 'cli@example.com', role: 'member', tenant_id: tenantId });
    expect((await login(t, 'cli@example.com', 'stdin password 1')).statusCode).toBe(200);

    const operator = await cli(['create', '--email', 'env@example.com', '--role', 'operator'], { env: { CONSOLE_PASSWORD: 'env password 22' } });
    expect(operator.status, operator.stderr).toBe(0);
    expect((await login(t, 'env@example.com', 'env password 22')).statusCode).toBe(200);


    const listed = await cli(['list']);
    expect(JSON.parse(listed.stdout).console_users.map((u: { email: string }) => u.email).sort()).toEqual(['cli@example.com', 'env@example.com']);
    const deleted = await cli(['delete', JSON.parse(member.stdout).id]);
    expect(deleted.status, deleted.stderr).toBe(0);
    expect((await login(t, 'cli@example.com', 'stdin password 1')).statusCode).toBe(401);
    // The password went over the wire to the service, never into the CLI's output.
    expect(member.stdout + member.stderr + operator.stdout + operator.stderr).not.toMatch(/stdin password|env password/);
  }, 300_000); // four CLI processes, each compiling the sources through tsx
});
