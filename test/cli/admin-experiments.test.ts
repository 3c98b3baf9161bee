import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainArgs } from '../helpers/main-command.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `content-feed admin …` (mainArgs()), in a child process. */
function admin(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...mainArgs(), 'admin', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, LOG_LEVEL: 'warn', ADMIN_TOKEN },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end();
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('content-feed admin experiments', () => {
  let t: TestApp;
  let url: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ tenantId } = await t.createTenant());
    for (const id of ['a', 'b']) await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/${id}`, {});
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'a' });
  });
  afterAll(() => t.close());

  it('creates, re-shares, reads and promotes an experiment through the admin API; a refusal names the field', async () => {
    const spec = {
      scenario: 'home',
      variants: [
        { name: 'control', algorithm_id: 'a', share: 0.5 },
        { name: 'new', algorithm_id: 'b', share: 0.5 },
      ],
    };
    const bad = await admin([
      'experiments',
      'create',
      tenantId,
      '--json',
      JSON.stringify({ ...spec, variants: [spec.variants[0], { ...spec.variants[1], share: 0.6 }] }),
      '--url',
      url,
    ]);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stderr).errors[0].name).toBe('variants[].share');

    const created = await admin(['experiments', 'create', tenantId, '--json', JSON.stringify(spec), '--url', url]);
    expect(created.status, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).experiment_id as string;
    const reshared = await admin([
      'experiments',
      'shares',
      tenantId,
      id,
      '--json',
      '{"control": 0.8, "new": 0.2}',
      '--reassign',
      '--url',
      url,
    ]);
    expect(reshared.status, reshared.stderr).toBe(0);
    expect(JSON.parse(reshared.stdout).variants.map((v: any) => v.share)).toEqual([0.8, 0.2]);
    const read = await admin(['experiments', 'get', tenantId, id, '--url', url]);
    expect(JSON.parse(read.stdout).results).toMatchObject({ winner: null, sample_size_met: false });
    const promoted = await admin(['experiments', 'promote', tenantId, id, '--variant', 'new', '--url', url]);
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout).scenario).toEqual({ scenario: 'home', algorithm_id: 'b' });
  }, 60_000);
});
