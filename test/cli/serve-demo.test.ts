import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { mainArgs } from '../helpers/main-command.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('content-feed serve --demo (a real process)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-demo-'));
  // At info: the log's last line on a clean stop is `stopped`.
  const env = { DATA_DIR: dataDir, USAGE_FLUSH_INTERVAL_MS: '60000', LOG_LEVEL: 'info' };
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('starts on SQLite in DATA_DIR, prints the operator token and a demo key that reads a demo item', async () => {
    server = await startChildServer(env, ['--demo'], { startTimeoutMs: 120_000 });
    const out = server.output();
    expect(out).toMatch(/database: sqlite/);
    expect(out).toMatch(/Operator token \(generated/);
    // The demo site's five seeded feeds were crawled through the pipeline before "ready".
    const crawled = /Demo site crawled: (\d+) articles from 5 sources\n/.exec(out);
    expect(crawled, out).not.toBeNull();
    expect(Number(crawled![1])).toBeGreaterThan(280);
    const apiKey = /Demo API key: (cfk_\w+)/.exec(out)![1]!;
    const contentUrl = /curl -H "Authorization: Bearer cfk_\w+" (\S+)/.exec(out)![1]!;
    const res = await fetch(contentUrl, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-credits-used')).toBe('0.1');
    const item = (await res.json()) as { title: string };
    expect(item.title.length).toBeGreaterThan(0);
    // The demo tenant's feed scenario serves the demo corpus.
    const feed = await fetch(`${server.url}/v1/feed?scenario=news-feed&limit=5`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { items: unknown[] }).items).toHaveLength(5);

    // The printed console login works: the member sees the demo tenant.
    const [, consoleUrl, member, password] = /Console: (\S+) \((\S+) or \S+, password (\S+)\)/.exec(out)!;
    expect(consoleUrl).toBe(`${server.url}/console`);
    const login = await fetch(`${server.url}/console/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member, password }),
    });
    expect(login.status).toBe(200);
    const tenantId = /Demo tenant (ten_\w+)/.exec(out)![1];
    expect(((await login.json()) as { user: { role: string; tenant_id: string } }).user).toMatchObject({
      role: 'member',
      tenant_id: tenantId,
    });
  }, 150_000);

  it('the admin CLI talks to it with the token from DATA_DIR', () => {
    const result = spawnSync(process.execPath, [...mainArgs(), 'admin', 'tenants', 'list', '--url', server!.url], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).tenants.map((t: { name: string }) => t.name)).toEqual(['Demo tenant']);
    const bad = spawnSync(
      process.execPath,
      [...mainArgs(), 'admin', 'tenants', 'create', '--name', 'X', '--plan', 'gold', '--url', server!.url],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/plan/);
  }, 120_000);

  it('imports areas from a CSV file with `admin areas import`, and reports a bad file by line without sending it', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [...mainArgs(), 'admin', ...args, '--url', server!.url], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
    const good = path.join(dataDir, 'areas.csv');
    writeFileSync(
      good,
      'id,name,level,parent_id,lat,lng,aliases\nstation:x-takanawa-gateway,高輪ゲートウェイ,station,city:13103,35.6355,139.7407,高輪ゲートウェイ駅\n',
    );
    const imported = cli('areas', 'import', good, '--mode', 'extend');
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ mode: 'extend', imported: 1 });
    const found = cli('areas', 'find', '高輪ゲートウェイ駅');
    expect(JSON.parse(found.stdout).areas.map((a: { id: string }) => a.id)).toEqual(['station:x-takanawa-gateway']);

    const bad = path.join(dataDir, 'bad.csv');
    writeFileSync(bad, 'id,name,level,parent_id\nstation:x-1,駅一,station,pref:13\nstation:x-2,,town,pref:13\n');
    const refused = cli('areas', 'import', bad);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/line 3/);
  }, 120_000);

  it('drains on SIGTERM, exits 0 and loses no usage counted before it', async () => {
    expect(await server!.stop('SIGTERM')).toBe(0);
    const lastLine = JSON.parse(server!.output().trim().split('\n').at(-1)!);
    expect(lastLine).toMatchObject({ level: 30, msg: 'stopped', signal: 'SIGTERM' });
    const db = new SQLite(path.join(dataDir, 'content-feed.sqlite'), { readonly: true });
    const rows = db.prepare("select endpoint, requests, millicredits from usage_daily where endpoint = 'contents'").all();
    db.close();
    expect(rows).toEqual([{ endpoint: 'contents', requests: 1, millicredits: 100 }]);
  });

  it('a second start keeps the data and prints the same demo key without seeding again', async () => {
    server = await startChildServer(env, ['--demo'], { startTimeoutMs: 120_000 });
    expect(server.output()).not.toMatch(/seeded now/);
    expect(server.output()).toMatch(/Demo API key: cfk_/);
    expect(server.output()).toMatch(/Console: \S+ \(member@demo\.invalid or operator@demo\.invalid, password \S+\)/);
    expect(server.output()).not.toMatch(/Operator token \(generated/);
  }, 150_000);
});
