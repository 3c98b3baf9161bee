import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const SPORTS = ['試合', '選手', '監督', '優勝', '得点', 'リーグ', '決勝', '打線', '先発', '連勝'];
const BUSINESS = ['企業', '決算', '売上高', '営業利益', '投資家', '市場', '金利', '円安', '業績', '上場'];

function text(words: readonly string[], extra: readonly string[], seed: number): { title: string; body: string } {
  const random = seededRandom(seed);
  const pool = [...words, ...extra];
  const pick = () => pool[Math.floor(random() * pool.length)]!;
  return {
    title: `${pick()}と${pick()}、第${seed}報`,
    body: Array.from({ length: 6 }, () => `${pick()}について、${pick()}の関係者は${pick()}が注目されると話した。`).join('\n'),
  };
}

/**
 * A new user known only by an interest word that no servable article uses:
 * 投手 appears only in older sports articles (past the algorithm's maximum
 * age), which taught the category classifier that it means sports.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'interests at cold start through the learned categories on %s',
  (_name, backend) => {
    let t: TestApp;
    let key: string;
    let sportsItems: Set<string>;

    beforeAll(async () => {
      t = await startTestApp({ backend });
      const tenant = await t.createTenant({ plan: 'enterprise' });
      key = tenant.apiKey;
      // Caps off, so a page can show what the scores prefer.
      await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/algorithms/main`, {
        min_trust_level: 1,
        max_age_hours: 72,
        exploration: 0,
        diversity: { lambda: 1, max_per_source: 20, max_per_category: 20 },
      });
      await t.admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
      const sportsDesk = await t.createSource({ name: 'Sports desk', category: 'sports' });
      const businessDesk = await t.createSource({ name: 'Business desk', category: 'business' });
      const wire = await t.createSource({ name: 'Wire (no categories)' });
      const ingest = async (source: string, fields: { title: string; body: string }, hoursAgo: number, n: number) =>
        (
          await t.admin('POST', '/admin/v1/contents', {
            source_id: source,
            url: `https://news.example/${n}`,
            ...fields,
            published_at: new Date(t.clock.now() - hoursAgo * 3_600_000).toISOString(),
          })
        ).json<{ id: string; category: string }>();
      let n = 0;
      // Older labelled articles: what the classifier learns from. Only these say 投手 and 株価.
      for (let i = 0; i < 12; i++) await ingest(sportsDesk, text(SPORTS, ['投手', '投手'], ++n), 100, n);
      for (let i = 0; i < 12; i++) await ingest(businessDesk, text(BUSINESS, ['株価', '株価'], ++n), 100, n);
      // Servable articles of the wire, which gives no categories: the classifier's.
      sportsItems = new Set();
      for (let i = 0; i < 10; i++) {
        const item = await ingest(wire, text(SPORTS, [], ++n), i, n);
        expect(item.category).toBe('sports');
        sportsItems.add(item.id);
      }
      for (let i = 0; i < 10; i++) expect((await ingest(wire, text(BUSINESS, [], ++n), i + 0.5, n)).category).toBe('business');
      t.clock.advance(1000);
    });
    afterAll(() => t.close());

    const sportsOnFirstPage = async (userId: string, interests: string[] | null) => {
      expect((await t.api(key, 'PUT', `/v1/users/${userId}`, { properties: interests ? { interests } : {} })).statusCode).toBeLessThan(300);
      const res = await t.api(key, 'GET', `/v1/feed?scenario=home&user_id=${userId}&limit=10`);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string }[]).filter((i) => sportsItems.has(i.id)).length;
    };

    it("an interest no servable article mentions still fills a new user's first page with its category", async () => {
      const plain = await sportsOnFirstPage('plain', null);
      const pitcherFan = await sportsOnFirstPage('pitcher-fan', ['投手']);
      const investor = await sportsOnFirstPage('investor', ['株価']);
      expect(plain).toBeGreaterThan(2);
      expect(plain).toBeLessThan(8);
      expect(pitcherFan).toBeGreaterThanOrEqual(9);
      expect(investor).toBeLessThanOrEqual(1);
    });
  },
);
