import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { BACKGROUND_NICE } from '../../src/lib/thread-priority.js';
import { testBackends } from '../helpers/backends.js';
import { startChildServer } from '../helpers/child-server.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { startTestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const ADMIN_TOKEN = 'thread-test-admin-token-0123456789';

/** Each thread's nice value by thread id, from /proc/<pid>/task/<tid>/stat (field 19). */
function threadNices(pid: number): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    nices.set(Number(tid), Number(fields[16]));
  }
  return nices;
}
const SECRET_KEY = 'thread-test-secret-key-0123456789abcdef0123';

/**
 * `serve` with its background work on a worker thread (WORKER_THREAD, on by
 * default where the node uses threads): events, push jobs and what they change
 * reach the thread answering requests, and /metrics shows the thread's work.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))("serve's worker thread on %s", (_name, backend) => {
  it('applies events, tells the HTTP thread what changed, runs push jobs and reports them on /metrics', { timeout: 120_000 }, async () => {
    const database = await backend.create();
    const setup = await startTestApp({ database: { url: database.url, drop: async () => {} }, clock: new ManualClock(Date.now()) });
    const { apiKey, tenantId } = await setup.createTenant({ plan: 'enterprise' });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1 });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
    const sourceId = await setup.createSource({ name: 'News', trust_level: 2 });
    for (const [i, a] of fixtureArticles(4, { prefix: 't', seed: 5 }).entries()) {
      await setup.ingest({ source_id: sourceId, url: `https://news.example/t/${i}`, title: a.title, body: a.paragraphs.join('\n') });
    }
    await setup.close();

    const server = await startChildServer({
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-thread-')),
      ADMIN_TOKEN,
      SECRET_KEY,
      RANKING_THREADS: '1',
    });
    try {
      const call = async (urlPath: string, body?: unknown) => {
        const res = await fetch(`${server.url}${urlPath}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      type Page = { items: { id: string; tracking_token: string }[] };
      const feed = async () => (await call('/v1/feed?scenario=home&user_id=reader')).body as unknown as Page;

      // A click, applied on the worker thread, keeps the item out of the reader's next page on the HTTP thread.
      const first = await until('a first page with items', async () => ((await feed()).items.length === 4 ? await feed() : undefined));
      const clicked = first.items[0]!;
      const click = {
        type: 'click',
        session_id: 's1',
        user_id: 'reader',
        tracking_token: clicked.tracking_token,
        occurred_at: new Date().toISOString(),
      };
      expect((await call('/v1/events', { events: [click] })).status).toBe(202);
      const next = await until('the clicked item to leave the page', async () => {
        const page = await feed();
        return page.items.some((item) => item.id === clicked.id) ? undefined : page;
      });
      expect(next.items).toHaveLength(3);

      // A push job, created on the HTTP thread, runs on the worker thread.
      const created = await call('/v1/push-candidates', { scenario: 'daily', target_mode: 'manual', user_ids: ['reader'] });
      expect(created.status).toBe(202);
      const jobId = created.body.job_id as string;
      await until('the push job to complete', async () =>
        (await call(`/v1/push-candidates/${jobId}`)).body.status === 'completed' ? true : undefined,
      );

      // The worker thread runs niced: when the cores are short, the threads requests wait for go first.
      const nices = threadNices(server.process.pid!);
      expect(nices.get(server.process.pid!)).toBe(0); // the main (HTTP) thread's id is the process's
      expect([...nices.values()].filter((nice) => nice === BACKGROUND_NICE).length).toBeGreaterThanOrEqual(1);
      expect([...nices.values()].filter((nice) => nice === 0).length).toBeGreaterThanOrEqual(2); // the HTTP thread, the ranking thread

      // The node's /metrics: the worker thread's counts added to the HTTP thread's. A run is
      // counted when it ends, a moment after its job is committed completed (its part files joined).
      const metrics = await until('the push run to be counted', async () => {
        const text = await (await fetch(`${server.url}/metrics`)).text();
        return /^push_jobs_total\{status="completed"\} 1$/m.test(text) ? text : undefined;
      });
      expect(metrics).toMatch(/^event_processing_lag_seconds_count [1-9]/m);
      expect(Number(/^worker_thread_cpu_seconds_total (\S+)$/m.exec(metrics)![1])).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
