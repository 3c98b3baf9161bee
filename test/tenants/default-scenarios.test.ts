import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminCli } from '../../src/cli/admin.js';
import type { Config } from '../../src/config.js';
import { testBackends } from '../helpers/backends.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/test-app.js';

const names = (list: { scenario: string; type: string; algorithm_id: string }[]) => list.map((s) => [s.scenario, s.type, s.algorithm_id]);

describe.each(testBackends().map((b) => [b.name, b] as const))('a new tenant works at once, on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it('starts with the algorithm `default` and the scenarios `feed` and `push`: its first feed request serves', async () => {
    const tenant = (await t.admin('POST', '/admin/v1/tenants', { name: 'Fresh', plan: 'starter' })).json();
    const base = `/admin/v1/tenants/${tenant.id}`;
    expect(names((await t.admin('GET', `${base}/scenarios`)).json().scenarios)).toEqual([
      ['feed', 'feed', 'default'],
      ['push', 'push', 'default'],
    ]);
    // The same defaults as an algorithm created with nothing set, by the API, the CLI or the console.
    const [algorithm] = (await t.admin('GET', `${base}/algorithms`)).json().algorithms;
    const blank = (await t.admin('PUT', `${base}/algorithms/blank`, {})).json();
    expect(algorithm).toMatchObject({ algorithm_id: 'default', config: blank.config });

    const key = (await t.admin('POST', `${base}/api-keys`, {})).json().api_key;
    const source = await t.createSource({ trust_level: 2 });
    const [article] = fixtureArticles(1, { publishedAt: new Date(t.clock.now() - 60_000) });
    const id = await t.ingest({
      source_id: source,
      url: 'https://news.example/fresh/1',
      title: article!.title,
      body: article!.paragraphs.join('\n'),
    });
    t.clock.advance(1000);
    const feed = await t.api(key, 'GET', '/v1/feed?scenario=feed');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().items.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it('starts with none when asked (default_scenarios: false)', async () => {
    const tenant = (await t.admin('POST', '/admin/v1/tenants', { name: 'Bare', plan: 'starter', default_scenarios: false })).json();
    expect((await t.admin('GET', `/admin/v1/tenants/${tenant.id}/scenarios`)).json().scenarios).toEqual([]);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenant.id}/algorithms`)).json().algorithms).toEqual([]);
  });
});

describe('content-feed admin tenants create', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** Runs the admin command in this process against the listening app; returns its exit code and the JSON it printed. */
  async function cli(...argv: string[]): Promise<{ code: number; json: any }> {
    let out = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    try {
      const code = await adminCli({ adminToken: ADMIN_TOKEN, dataDir: t.dataDir } as Config, [...argv, '--url', url]);
      return { code, json: out ? JSON.parse(out) : null };
    } finally {
      write.mockRestore();
    }
  }

  it('gives the tenant the default scenarios, unless --no-default-scenarios', async () => {
    const made = await cli('tenants', 'create', '--name', 'Cli', '--plan', 'starter');
    expect(made.code).toBe(0);
    expect(names((await cli('scenarios', 'list', made.json.id)).json.scenarios)).toEqual([
      ['feed', 'feed', 'default'],
      ['push', 'push', 'default'],
    ]);
    const bare = await cli('tenants', 'create', '--name', 'Cli bare', '--plan', 'starter', '--no-default-scenarios');
    expect(bare.code).toBe(0);
    expect((await cli('scenarios', 'list', bare.json.id)).json.scenarios).toEqual([]);
  });
});
