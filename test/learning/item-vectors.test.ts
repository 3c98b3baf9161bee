import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Two baseball vocabularies that never share a term, and one of finance.
const PITCHING = ['投手', '先発', '完投', '継投'];
const FIELDING = ['捕手', '盗塁', '外野', '内野'];
const FINANCE = ['株価', '決算', '配当', '金利', '為替', '債券'];
// Two more topics in the older articles only, so the model's four dimensions each hold a topic.
const WEATHER = ['天気', '気温', '降水', '台風', '梅雨', '晴天'];
const COOKING = ['料理', '献立', '調味', '食材', '包丁', '鍋物'];

function article(words: readonly string[], random: () => number, n: number): { title: string; body: string } {
  const pick = () => words[Math.floor(random() * words.length)]!;
  return {
    title: `${pick()}と${pick()}、第${n}報`,
    body: Array.from({ length: 5 }, () => `${pick()}について、関係者は${pick()}が注目されると話した。`).join('\n'),
  };
}

/**
 * Item vectors learned from the corpus (LSA), through the API: older articles
 * mix pitching and fielding words, so the model learns they share a context;
 * the servable articles use fielding words only, so a new user interested in
 * 投手 (pitcher) matches none of them word for word.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('item vectors learned from the corpus on %s', (_name, backend) => {
  let t: TestApp;
  let key: string;
  let fielding: Set<string>;
  let n = 0;
  const random = seededRandom(11);

  const ingest = async (source: string, words: readonly string[], hoursAgo: number) => {
    n++;
    const res = await t.admin('POST', '/admin/v1/contents', {
      source_id: source,
      url: `https://news.example/${n}`,
      ...article(words, random, n),
      published_at: new Date(t.clock.now() - hoursAgo * 3_600_000).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  /** How many of a new user's first 10 items are fielding articles. */
  const fieldingOnFirstPage = async (app: TestApp, userId: string) => {
    expect((await app.api(key, 'PUT', `/v1/users/${userId}`, { properties: { interests: ['投手'] } })).statusCode).toBeLessThan(300);
    const res = await app.api(key, 'GET', `/v1/feed?scenario=home&user_id=${userId}&limit=10`);
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string }[]).filter((i) => fielding.has(i.id)).length;
  };

  beforeAll(async () => {
    // A small corpus and model, so the test stays fast: the threshold and dimensions are settings.
    t = await startTestApp({ backend, env: { ITEM_VECTOR_MIN_ARTICLES: '150', ITEM_VECTOR_DIMENSIONS: '4' } });
    const tenant = await t.createTenant({ plan: 'enterprise' });
    key = tenant.apiKey;
    await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/algorithms/main`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      diversity: { lambda: 1, max_per_source: 20, max_per_category: 20 },
    });
    await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
    const wire = await t.createSource({ name: 'Wire (no categories)' });
    // Older than the algorithm's maximum age: what the model learns from, never served.
    for (let i = 0; i < 50; i++) await ingest(wire, [...PITCHING, ...FIELDING], 100);
    for (let i = 0; i < 50; i++) await ingest(wire, FINANCE, 100);
    for (let i = 0; i < 10; i++) await ingest(wire, WEATHER, 100);
    for (let i = 0; i < 10; i++) await ingest(wire, COOKING, 100);
    // Servable, alternating in time so freshness favours neither.
    fielding = new Set();
    for (let i = 0; i < 10; i++) {
      fielding.add(await ingest(wire, FIELDING, i * 0.4));
      await ingest(wire, FINANCE, i * 0.4 + 0.2);
    }
    t.clock.advance(1000);
  });
  afterAll(() => t.close());

  it('below the threshold nothing is learned and the hashed vectors rank alone', async () => {
    const report = await t.deps.itemVectors.train();
    expect(report).toMatchObject({ trained: false, articles: 140 });
    expect(t.deps.itemVectors.current).toBeNull();
    const stored = await t.deps.db.selectFrom('contents').select('latent_vector').where('latent_vector', 'is not', null).execute();
    expect(stored).toHaveLength(0);
    // 投手 is in no servable article: word matching cannot tell the topics apart.
    expect(await fieldingOnFirstPage(t, 'before')).toBeLessThanOrEqual(7);
  });

  it('a word shapes a new user’s first page through articles that share its context, not the word', async () => {
    const wire = (await t.deps.db.selectFrom('sources').select('id').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 10; i++) await ingest(wire, WEATHER, 100);
    for (let i = 0; i < 10; i++) await ingest(wire, COOKING, 100);
    const report = await t.deps.itemVectors.train();
    expect(report).toMatchObject({ trained: true, version: 1, articles: 160, dimensions: 4, projected: 160 });
    expect(t.deps.itemVectors.current?.version).toBe(1);
    t.clock.advance(2000); // the content pool reloads the projected articles
    expect(await fieldingOnFirstPage(t, 'after')).toBeGreaterThanOrEqual(9);
  });

  it('a fresh node (a restart, or another node of the fleet) keeps the stored model', async () => {
    const node = await startTestApp({
      database: { url: t.databaseUrl, drop: async () => {} },
      clock: t.clock,
      env: { ITEM_VECTOR_MIN_ARTICLES: '150', ITEM_VECTOR_DIMENSIONS: '4' },
    });
    try {
      await node.deps.itemVectors.settled();
      expect(node.deps.itemVectors.current).toMatchObject({ version: 1, dimensions: 4, articles: 160 });
      expect(await fieldingOnFirstPage(node, 'fresh-node')).toBeGreaterThanOrEqual(9);
    } finally {
      await node.close();
    }
  });

  it("an article stored after training is projected by the next fold-in, once; a new model re-projects the old one's", async () => {
    const wire = (await t.deps.db.selectFrom('sources').select('id').executeTakeFirstOrThrow()).id;
    const latest = await ingest(wire, FIELDING, 0);
    expect(await t.deps.itemVectors.foldIn()).toBe(1);
    expect(await t.deps.itemVectors.foldIn()).toBe(0);
    const row = await t.deps.db
      .selectFrom('contents')
      .select(['latent_vector', 'latent_version'])
      .where('id', '=', latest)
      .executeTakeFirstOrThrow();
    expect(Number(row.latent_version)).toBe(1);
    expect(row.latent_vector).not.toBeNull();

    expect(await t.deps.itemVectors.train()).toMatchObject({ trained: true, version: 2, projected: 161 });
    expect(await t.deps.itemVectors.foldIn()).toBe(0);
    const versions = await t.deps.db.selectFrom('contents').select('latent_version').distinct().execute();
    expect(versions.map((v) => Number(v.latent_version))).toEqual([2]);
  });
});
