import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ITEMS_PER_USER, readTenantInteractions } from '../../src/learning/interactions.js';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Inputs that could make a training unbounded (docs/learning.md, "Limits"):
 * one user with 100,000 clicks over 2,000 items, one item clicked by every
 * reader, and a tenant with a single click. Signal rows are written straight
 * to the table the event processor fills: 100,000 events through the API
 * would test the event path, not the training.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('training stays bounded on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const insertSignals = async (tenantId: string, rows: { user: string; item: string; clicks: number }[]) => {
    for (let i = 0; i < rows.length; i += 500) {
      await t.deps.db
        .insertInto('user_content_signals')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            tenant_id: tenantId,
            user_id: r.user,
            content_id: r.item,
            clicks: r.clicks,
            updated_at: t.clock.now() - i,
            last_click_at: t.clock.now(),
          })),
        )
        .execute();
    }
  };

  it('learns at most the 200 most recent items of a user with 100,000 clicks, and every reader of an item clicked by all', async () => {
    const { tenantId } = await t.createTenant();
    const heavy = Array.from({ length: 2000 }, (_, i) => ({ user: 'heavy', item: `cnt_h${i}`, clicks: 50 }));
    const everyone = Array.from({ length: 1500 }, (_, u) => [
      { user: `u${u}`, item: 'cnt_everyone', clicks: 1 },
      { user: `u${u}`, item: `cnt_g${u % 30}`, clicks: 1 },
    ]).flat();
    await insertSignals(tenantId, [...heavy, ...everyone]);

    const res = await t.admin('POST', `/admin/v1/tenants/${tenantId}/model/train`);
    expect(res.statusCode).toBe(200);
    // The heavy user's 2,000 items count as their 200 most recent; every reader's two as two.
    expect(res.json()).toMatchObject({ users: 1501, interactions: MAX_ITEMS_PER_USER + 3000, truncated: false });
    // Only the items kept have factors: the heavy user's 200, the one everyone read, the readers' 30.
    expect(res.json().items).toBe(MAX_ITEMS_PER_USER + 1 + 30);
  });

  it('reads the same matrix in pages of 7 rows as in one page (the keyset resumes exactly after the last row)', async () => {
    const { tenantId } = await t.createTenant();
    const rows = Array.from({ length: 60 }, (_, i) => ({ user: `p${i % 9}`, item: `cnt_p${(i * 7) % 23}`, clicks: 1 + (i % 3) }));
    await insertSignals(tenantId, [...new Map(rows.map((r) => [`${r.user}/${r.item}`, r])).values()]);
    const whole = await readTenantInteractions(t.deps.db, tenantId, t.clock.now());
    const paged = await readTenantInteractions(t.deps.db, tenantId, t.clock.now(), 7);
    expect(paged.itemIds).toEqual(whole.itemIds);
    expect(Array.from(paged.matrix.rowStart)).toEqual(Array.from(whole.matrix.rowStart));
    expect(Array.from(paged.matrix.item)).toEqual(Array.from(whole.matrix.item));
    expect(whole.matrix.users).toBe(9);
  });

  it('trains a tenant with one click, and its reader is ranked with finite scores', async () => {
    const { tenantId, apiKey } = await t.createTenant({ plan: 'enterprise' });
    const source = await t.createSource();
    const item = await t.ingest({
      source_id: source,
      url: 'https://news.example/one',
      title: '一件だけの記事',
      body: 'ただ一人の読者がこの記事を読んだ。',
    });
    await t.ingest({ source_id: source, url: 'https://news.example/two', title: 'もう一件の記事', body: 'まだ誰も読んでいない記事だ。' });
    await t.api(apiKey, 'PUT', '/v1/users/only', { properties: {} });
    await insertSignals(tenantId, [{ user: 'only', item, clicks: 1 }]);
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1, exploration: 0 });
    await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
    t.clock.advance(1000);

    const res = await t.admin('POST', `/admin/v1/tenants/${tenantId}/model/train`);
    expect(res.json()).toMatchObject({ version: 1, users: 1, items: 1, interactions: 1 });
    const preview = await t.admin('GET', `/admin/v1/tenants/${tenantId}/scenarios/home/preview?user_id=only`);
    expect(preview.statusCode).toBe(200);
    for (const i of preview.json().items) expect(Number.isFinite(i.signals.collaborative)).toBe(true);
  });
});
