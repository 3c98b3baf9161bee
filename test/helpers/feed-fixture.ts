import { fixtureArticles } from './fixture-articles.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export const CATEGORY_SOURCES = [
  { name: 'スポーツ報知テスト', category: 'sports' },
  { name: '経済テスト新聞', category: 'business' },
  { name: 'テックテスト', category: 'technology' },
  { name: '芸能テスト', category: 'entertainment' },
  { name: '政治テスト', category: 'politics' },
  { name: '科学テスト', category: 'science' },
] as const;

export interface FeedFixture {
  t: TestApp;
  key: string;
  tenantId: string;
  /** Source id per category. */
  sources: Record<string, string>;
  /** Content ids per category, newest first. */
  items: Record<string, string[]>;
  /** GET /v1/feed with a query object; returns the parsed response and the raw one. */
  feed(
    query: Record<string, string | number | undefined>,
    key?: string,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** Ingests an article now (the pool sees it after a second of the test clock). */
  ingest(category: string, fields: { title: string; body: string; minutesAgo?: number }): Promise<string>;
}

/** The algorithm of the fixture's feed scenario: no exploration, so rankings are exactly reproducible. */
export const FIXTURE_ALGORITHM = { min_trust_level: 1, max_age_hours: 72, exploration: 0, languages: ['ja'] };

/**
 * An app with one tenant, a feed scenario `home` and a push scenario `daily`,
 * six sources of one category each and `perSource` analysed articles from
 * each (ingested through the admin API, like crawled ones).
 */
export async function startFeedFixture(
  options: TestAppOptions & { perSource?: number; algorithm?: Record<string, unknown> } = {},
): Promise<FeedFixture> {
  const t = await startTestApp(options);
  const { apiKey: key, tenantId } = await t.createTenant({ plan: 'enterprise' });
  await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { ...FIXTURE_ALGORITHM, ...options.algorithm });
  await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
  await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });

  const sources: Record<string, string> = {};
  const items: Record<string, string[]> = {};
  let serial = 0;
  const ingest = async (category: string, fields: { title: string; body: string; minutesAgo?: number }) => {
    serial++;
    return t.ingest({
      source_id: sources[category],
      url: `https://news.example/${category}/${serial}`,
      title: fields.title,
      body: fields.body,
      category,
      published_at: new Date(t.clock.now() - (fields.minutesAgo ?? 0) * 60_000).toISOString(),
    });
  };
  const perSource = options.perSource ?? 8;
  for (const [index, { name, category }] of CATEGORY_SOURCES.entries()) {
    sources[category] = await t.createSource({ name, trust_level: 2, category });
    items[category] = [];
    for (const [i, a] of fixtureArticles(perSource, { prefix: category, seed: 100 + index }).entries()) {
      items[category].push(await ingest(category, { title: a.title, body: a.paragraphs.join('\n'), minutesAgo: i * 10 + index }));
    }
  }
  t.clock.advance(1000);

  const feed: FeedFixture['feed'] = async (query, apiKey = key) => {
    const params = new URLSearchParams(
      Object.entries({ scenario: 'home', ...query })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const res = await t.api(apiKey, 'GET', `/v1/feed?${params.toString()}`);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return { t, key, tenantId, sources, items, feed, ingest };
}

/** Ids of a feed response's items. */
export const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);
