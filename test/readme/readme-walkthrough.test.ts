import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { mainArgs } from '../helpers/main-command.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The README's shell blocks from "## Try it" up to "## Tests", in order. */
function walkthroughBlocks(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Try it'), readme.indexOf('## Tests'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * Runs every command of the README's walkthrough, as written, in one bash
 * session against a started demo (`serve --demo`, as `npm start` runs it). Only
 * the address changes (the demo listens on a free port here, not 8080) and
 * `node dist/main.js` runs what mainArgs() names: this checkout's dist/ when it is as
 * new as the sources, the sources through tsx otherwise. curl fails on any HTTP
 * error, and the first failing command fails the test.
 */
describe('the README walkthrough against a started demo', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'cf-readme-'));
  const dataDir = path.join(workDir, 'data');
  let server: ChildServer;
  let run: { status: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    mkdirSync(dataDir);
    server = await startChildServer({ DATA_DIR: dataDir }, ['--demo'], { startTimeoutMs: 120_000 });
    const port = new URL(server.url).port;
    const blocks = walkthroughBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const script = [
      'set -euo pipefail',
      'curl() { command curl --fail-with-body --show-error "$@"; }',
      `node() { if [ "$1" = dist/main.js ]; then shift; command node ${mainArgs().join(' ')} "$@"; else command node "$@"; fi; }`,
      ...blocks.map((block, i) => `echo "== block ${i + 1}" >&2\n${block.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)}`),
      // What the walkthrough left behind, for the checks below.
      'echo "CHECK clicked=$CLICKED"',
      'echo "CHECK after=$(curl -s -H "Authorization: Bearer $KEY" "http://127.0.0.1:' +
        port +
        '/v1/feed?scenario=news-feed&user_id=user-1&limit=100" | node -pe ' +
        '\'JSON.parse(require("fs").readFileSync(0)).items.map((i) => i.id).join(",")\')"',
      'echo "CHECK src=$SRC"',
      'echo "CHECK job=$(curl -s -H "Authorization: Bearer $KEY" http://127.0.0.1:' + port + '/v1/push-candidates/$JOB | json status)"',
    ].join('\n');
    const result = spawnSync('bash', ['-c', script], {
      cwd: workDir,
      env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    run = { status: result.status, stdout: result.stdout, stderr: result.stderr };
    writeFileSync(path.join(workDir, 'walkthrough.log'), `${result.stdout}\n--- stderr\n${result.stderr}`);
  }, 400_000);
  afterAll(async () => {
    await server?.stop('SIGTERM');
  });

  const check = (name: string) => new RegExp(`^CHECK ${name}=(.*)$`, 'm').exec(run.stdout)?.[1];

  it('runs every command without an error', () => {
    expect(run.status, `(whole output: ${workDir}/walkthrough.log)\n${run.stderr.slice(-3000)}`).toBe(0);
  });

  it('reads the demo item, and the feeds list titles with scores', () => {
    expect(run.stdout).toMatch(/^HTTP\/1\.1 200 OK/m);
    expect(run.stdout).toMatch(/^x-credits-used: 0\.1/m);
    expect(run.stdout.match(/^\d\.\d{3} \S.* \| .+$/gm)!.length).toBeGreaterThanOrEqual(20);
  });

  it("the clicked article has left user-1's feed", () => {
    const clicked = check('clicked');
    expect(clicked).toMatch(/^cnt_/);
    expect(check('after')!.split(',').length).toBeGreaterThan(10);
    expect(check('after')!.split(',')).not.toContain(clicked);
  });

  it("the push job completed and its file holds user-1's candidates", () => {
    expect(check('job')).toBe('completed');
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"user_id":"user-1","candidates":'));
    expect(line, run.stdout).toBeDefined();
    expect(JSON.parse(line!).candidates).toHaveLength(3);
  });

  it('the admin commands created a tenant with a key, and the sixth demo feed was crawled into the store', () => {
    expect(run.stdout).toMatch(/"api_key": "cfk_\w+"/);
    expect(run.stdout).toMatch(/^usage: content-feed admin COMMAND/m);
    const db = new SQLite(path.join(dataDir, 'content-feed.sqlite'), { readonly: true });
    const { n } = db.prepare('select count(*) as n from contents where source_id = ?').get(check('src')) as { n: number };
    db.close();
    expect(n).toBeGreaterThanOrEqual(20);
  });
});
