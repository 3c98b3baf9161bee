import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Words of two topics no feed label names here: the classifier must learn which is which. */
const TOPICS = {
  sports: ['試合', '選手', '監督', '優勝', '得点', '投手', '本塁打', 'リーグ', '決勝', '打線', '先発', '連勝'],
  business: ['株価', '企業', '決算', '売上高', '営業利益', '投資家', '市場', '金利', '円安', '業績', '上場', '増収'],
} as const;

function article(topic: keyof typeof TOPICS, serial: number): { title: string; body: string } {
  const random = seededRandom(serial * 31 + topic.length);
  const words = TOPICS[topic];
  const pick = () => words[Math.floor(random() * words.length)]!;
  const sentences = Array.from({ length: 6 }, () => `${pick()}と${pick()}について、${pick()}の関係者は${pick()}が注目されると話した。`);
  return { title: `${pick()}の${pick()}、第${serial}報`, body: sentences.join('\n') };
}

describe.each(testBackends().map((b) => [b.name, b] as const))('a category for every article on %s', (_name, backend) => {
  let t: TestApp;
  let unlabelled: string;
  let serial = 0;
  const ingest = async (sourceId: string, topic: keyof typeof TOPICS, category?: string) => {
    serial++;
    const res = await t.admin('POST', '/admin/v1/contents', {
      source_id: sourceId,
      url: `https://news.example/${topic}/${serial}`,
      ...article(topic, serial),
      ...(category && { category }),
      published_at: new Date(t.clock.now()).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; category: string | null; category_source: string | null }>();
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    unlabelled = await t.createSource({ name: 'No labels' });
  });
  afterAll(() => t.close());

  it('before the classifier has learned anything, an article without a label is `other`, never null', async () => {
    const item = await ingest(unlabelled, 'sports');
    expect(item).toMatchObject({ category: 'other', category_source: 'classifier' });
  });

  it("labels come first: the item's own (feed), then its source's (source); both teach the classifier", async () => {
    const sportsSource = await t.createSource({ name: 'Sports desk', category: 'スポーツ' });
    const businessSource = await t.createSource({ name: 'Business desk', category: 'business' });
    for (let i = 0; i < 12; i++)
      expect(await ingest(sportsSource, 'sports')).toMatchObject({ category: 'sports', category_source: 'source' });
    for (let i = 0; i < 11; i++)
      expect(await ingest(businessSource, 'business')).toMatchObject({ category: 'business', category_source: 'source' });
    expect(await ingest(unlabelled, 'business', '経済')).toMatchObject({ category: 'business', category_source: 'feed' });
  });

  it('an article with no label from a source with no category gets the category its words say', async () => {
    expect(await ingest(unlabelled, 'sports')).toMatchObject({ category: 'sports', category_source: 'classifier' });
    expect(await ingest(unlabelled, 'business')).toMatchObject({ category: 'business', category_source: 'classifier' });
    // Clients see it as any other category.
    const item = await ingest(unlabelled, 'sports');
    const { apiKey } = await t.createTenant();
    expect((await t.api(apiKey, 'GET', `/v1/contents/${item.id}`)).json().category).toBe('sports');
  });

  it('the worker categorises again what was stored before the classifier was ready', async () => {
    expect(await t.deps.categories.backfill()).toBe(1);
    const first = await t.deps.db
      .selectFrom('contents')
      .select(['category', 'category_source'])
      .where('url', '=', 'https://news.example/sports/1')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ category: 'sports', category_source: 'classifier' });
  });

  // RANKING_THREADS 1: the node reads and tokenises the stored articles on its category thread (not on an in-memory SQLite).
  it.each([
    ['on its own thread', '0'],
    ['on its category thread', '1'],
  ])('a restarted node learns again from the stored labelled articles as it starts (%s)', async (_where, rankingThreads) => {
    const node = await startTestApp({
      database: { url: t.databaseUrl, drop: async () => {} },
      clock: t.clock,
      env: { RANKING_THREADS: rankingThreads },
    });
    try {
      await node.deps.categories.settled();
      expect(node.deps.categories.classifierReady).toBe(true);
      // The 24 labelled articles (12 by source, 11 by source, 1 by its own label); the classifier's own are not learned from.
      expect(node.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'category classifier trained from stored articles')).toMatchObject({
        learned: 24,
      });
      const res = await node.admin('POST', '/admin/v1/contents', {
        source_id: unlabelled,
        url: `https://news.example/after-restart-${rankingThreads}`,
        ...article('business', 999),
        published_at: new Date(t.clock.now()).toISOString(),
      });
      expect(res.json()).toMatchObject({ category: 'business', category_source: 'classifier' });
      // The worker's pass, on the same thread: an article that lost its category gets it back.
      const lost = await node.deps.db
        .updateTable('contents')
        .set({ category: null, category_source: null })
        .where('url', '=', 'https://news.example/sports/1')
        .executeTakeFirstOrThrow();
      expect(Number(lost.numUpdatedRows)).toBe(1);
      expect(await node.deps.categories.backfill()).toBe(1);
      const again = await node.deps.db
        .selectFrom('contents')
        .select(['category', 'category_source'])
        .where('url', '=', 'https://news.example/sports/1')
        .executeTakeFirstOrThrow();
      expect(again).toEqual({ category: 'sports', category_source: 'classifier' });
    } finally {
      await node.close();
    }
  });
});
