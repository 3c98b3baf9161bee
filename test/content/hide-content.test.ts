import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminCli } from '../../src/cli/admin.js';
import type { Config } from '../../src/config.js';
import { ContentCatalog } from '../../src/content/content-catalog.js';
import { ContentPool } from '../../src/feed/content-pool.js';
import { testBackends } from '../helpers/backends.js';
import { ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'hiding an article (POST /admin/v1/contents/{id}/hide) on %s',
  (_name, backend) => {
    let f: FeedFixture;
    /** The item a push job offers first: hiding it must change what a push job offers. */
    let hidden: string;
    let other: string;
    /** Another node's view of the same database: its own pool and catalog, nothing forgotten for it. */
    let otherPool: ContentPool;
    let otherCatalog: ContentCatalog;

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 3 }); // 18 items
      otherPool = new ContentPool(f.t.deps.db, f.t.clock, 256);
      otherCatalog = new ContentCatalog(f.t.deps.db, f.t.clock, f.t.deps.thumbnailLinks);
      await otherPool.whenComplete();
    });
    afterAll(() => f.t.close());

    const detail = async (id: string) => (await f.t.admin('GET', `/admin/v1/contents/${id}`)).json();
    const pushIds = async (userId: string) => {
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      const job = await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: [userId] });
      return (await downloadLines(f.t, job)).flatMap((l) => l.candidates.map((c) => c.id));
    };

    it("is served before: feed, GET /v1/contents, a push job, and another node's pool", async () => {
      [hidden, other] = (await pushIds('before')) as [string, string];
      expect(ids((await f.feed({ limit: 50 })).body)).toContain(hidden);
      expect((await f.t.api(f.key, 'GET', `/v1/contents/${hidden}`)).statusCode).toBe(200);
      expect(otherPool.get(hidden)).toBeDefined();
      expect((await detail(hidden)).hidden).toBeNull();
    });

    it('hides it with a reason: never served, and the article says why', async () => {
      const res = await f.t.admin('POST', `/admin/v1/contents/${hidden}/hide`, { reason: 'Misleading headline' });
      expect(res.statusCode, res.body).toBe(200);
      const at = new Date(f.t.clock.now()).toISOString();
      expect(res.json()).toEqual({ id: hidden, hidden: { at, reason: 'Misleading headline' } });

      expect((await f.t.api(f.key, 'GET', `/v1/contents/${hidden}`)).statusCode).toBe(404);
      f.t.clock.advance(1000);
      expect(ids((await f.feed({ limit: 50 })).body)).not.toContain(hidden);
      expect(await pushIds('after')).not.toContain(hidden);

      const article = await detail(hidden);
      expect(article).toMatchObject({ hidden: { at, reason: 'Misleading headline' }, servable: false });
      expect(article.not_servable_because).toEqual([`hidden by an operator on ${at}: Misleading headline (unhide it to serve it again)`]);

      const listed = (await f.t.admin('GET', '/admin/v1/contents?hidden=true')).json().contents;
      expect(listed.map((c: { id: string }) => c.id)).toEqual([hidden]);
      expect(listed[0].hidden).toBe(true);
      expect(
        (await f.t.admin('GET', '/admin/v1/contents?hidden=false&limit=200')).json().contents.map((c: { id: string }) => c.id),
      ).not.toContain(hidden);

      const audit = (await f.t.admin('GET', '/admin/v1/audit-log')).json().entries[0];
      expect(audit).toMatchObject({
        method: 'POST',
        route: '/admin/v1/contents/:content_id/hide',
        target: `/admin/v1/contents/${hidden}/hide`,
        changes: { reason: 'Misleading headline' },
      });
    });

    it('reaches another node: its pool drops the item at its next refresh, its catalog reads it as gone', async () => {
      await otherPool.refresh();
      expect(otherPool.get(hidden)).toBeUndefined();
      expect(otherPool.newest().map((i) => i.id)).not.toContain(hidden);
      expect(await otherCatalog.item(hidden)).toBeNull();
      expect((await otherCatalog.items([hidden, other])).has(hidden)).toBe(false);
      // A node that starts now never loads it.
      const fresh = new ContentPool(f.t.deps.db, f.t.clock, 256);
      await fresh.whenComplete();
      expect(fresh.get(hidden)).toBeUndefined();
      expect(fresh.get(other)).toBeDefined();
    });

    it('stays hidden when the article is stored again (a crawl finding it updates it)', async () => {
      const article = await detail(hidden);
      const again = await f.t.admin('POST', '/admin/v1/contents', {
        source_id: article.source.id,
        url: article.url,
        title: article.title,
        body: article.summary,
        published_at: new Date(f.t.clock.now()).toISOString(),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().id).toBe(hidden);
      expect((await detail(hidden)).hidden).toMatchObject({ reason: 'Misleading headline' });
      expect((await f.t.api(f.key, 'GET', `/v1/contents/${hidden}`)).statusCode).toBe(404);
    });

    it('unhides it: served again, here and on the other node', async () => {
      const res = await f.t.admin('POST', `/admin/v1/contents/${hidden}/unhide`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: hidden, hidden: null });
      expect((await f.t.api(f.key, 'GET', `/v1/contents/${hidden}`)).statusCode).toBe(200);
      f.t.clock.advance(1000);
      expect(ids((await f.feed({ limit: 50 })).body)).toContain(hidden);
      await otherPool.refresh();
      expect(otherPool.get(hidden)).toBeDefined();
      expect(await detail(hidden)).toMatchObject({ hidden: null, servable: true, not_servable_because: [] });
    });

    it('answers 404 for an unknown article and 400 for an empty reason', async () => {
      expect((await f.t.admin('POST', '/admin/v1/contents/cnt_nope/hide', { reason: 'x' })).statusCode).toBe(404);
      expect((await f.t.admin('POST', '/admin/v1/contents/cnt_nope/unhide')).statusCode).toBe(404);
      expect((await f.t.admin('POST', `/admin/v1/contents/${hidden}/hide`, { reason: '  ' })).statusCode).toBe(400);
      expect((await f.t.admin('POST', `/admin/v1/contents/${hidden}/hide`, {})).statusCode).toBe(400);
    });

    it('is what `content-feed admin contents hide|unhide` do', async () => {
      const url = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
      const run = async (...argv: string[]) => {
        let out = '';
        const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
        try {
          return { code: await adminCli({ adminToken: ADMIN_TOKEN, dataDir: f.t.dataDir } as Config, [...argv, '--url', url]), out };
        } finally {
          write.mockRestore();
        }
      };
      const target = other;
      const hid = await run('contents', 'hide', target, '--reason', 'Duplicate of a wire story');
      expect(hid.code).toBe(0);
      expect(JSON.parse(hid.out).hidden.reason).toBe('Duplicate of a wire story');
      expect((await f.t.api(f.key, 'GET', `/v1/contents/${target}`)).statusCode).toBe(404);
      expect(JSON.parse((await run('contents', 'list', '--hidden', 'true')).out).contents.map((c: { id: string }) => c.id)).toEqual([
        target,
      ]);
      const shown = await run('contents', 'unhide', target);
      expect(shown.code).toBe(0);
      expect((await f.t.api(f.key, 'GET', `/v1/contents/${target}`)).statusCode).toBe(200);
    });
  },
);
