import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event, postEvents } from '../helpers/events.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A metric's value on /metrics, by its name and labels as printed. */
const metric = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'pipeline status (GET /admin/v1/pipeline and /metrics) on %s',
  (_name, backend) => {
    let t: TestApp;
    beforeAll(async () => {
      // No workers: whatever is queued stays queued, so the numbers hold still.
      t = await startTestApp({ backend, env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
    });
    afterAll(() => t.close());

    const status = async () => (await t.admin('GET', '/admin/v1/pipeline')).json();

    it("counts each stage's queue, and /metrics says the same", async () => {
      expect(await status()).toEqual({
        crawl: { due: 0, crawling: 0, failing: 0 },
        events: { backlog: 0, lag_seconds: 0 },
        push_jobs: { pending: 0, processing: 0 },
        webhooks: { pending: 0 },
      });

      await t.createSource({ name: 'Due', feed_url: 'http://127.0.0.1:9/feed.xml' });
      await t.createSource({ name: 'No feed' });
      const { tenantId, apiKey } = await t.createTenant({ default_scenarios: true });
      expect(
        (await postEvents(t, apiKey, [event(t, { type: 'session_start' }), event(t, { type: 'session_start', session_id: 's2' })]))
          .statusCode,
      ).toBe(202);
      t.clock.advance(5000);
      await t.api(apiKey, 'PUT', '/v1/users/u1', { properties: {} });
      const job = await t.admin('POST', `/admin/v1/tenants/${tenantId}/push-jobs`, {
        scenario: 'push',
        target_mode: 'manual',
        user_ids: ['u1'],
        candidates_per_user: 1,
      });
      expect(job.statusCode, job.body).toBe(202);
      expect((await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: 'http://127.0.0.1:9/hook' })).statusCode).toBe(200);
      expect((await t.admin('POST', `/admin/v1/tenants/${tenantId}/webhook/test`)).statusCode).toBe(202);

      const now = await status();
      expect(now).toEqual({
        crawl: { due: 1, crawling: 0, failing: 0 },
        events: { backlog: 2, lag_seconds: 5 },
        push_jobs: { pending: 1, processing: 0 },
        webhooks: { pending: 1 },
      });

      const text = (await t.app.inject('/metrics')).body;
      expect(metric(text, 'crawl_sources{state="due"}')).toBe(now.crawl.due);
      expect(metric(text, 'crawl_sources{state="crawling"}')).toBe(now.crawl.crawling);
      expect(metric(text, 'events_unprocessed')).toBe(now.events.backlog);
      expect(metric(text, 'events_lag_seconds')).toBe(now.events.lag_seconds);
      expect(metric(text, 'push_jobs_active{status="pending"}')).toBe(now.push_jobs.pending);
      expect(metric(text, 'webhook_deliveries_pending')).toBe(now.webhooks.pending);

      // Applied events leave the backlog, and the lag with them.
      await t.processEvents();
      expect((await status()).events).toEqual({ backlog: 0, lag_seconds: 0 });
    });
  },
);
