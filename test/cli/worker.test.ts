import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { startChildServer, startChildWorker } from '../helpers/child-server.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { startTestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const ADMIN_TOKEN = 'worker-test-admin-token-0123456789';
const SECRET_KEY = 'worker-test-secret-key-0123456789abcdef0123';

describe.each(testBackends().map((b) => [b.name, b] as const))('serve --no-workers and content-feed worker on %s', (_name, backend) => {
  it('an API node without workers queues the work; a worker process does it', { timeout: 120_000 }, async () => {
    const database = await backend.create();
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-worker-'));
    // Tenant, push scenario, one article and a user, written by an app that then closes.
    const setup = await startTestApp({ database: { url: database.url, drop: async () => {} }, clock: new ManualClock(Date.now()) });
    const { apiKey, tenantId } = await setup.createTenant({ plan: 'enterprise' });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1 });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
    const sourceId = await setup.createSource({ name: 'News', trust_level: 2 });
    const [a] = fixtureArticles(1, { prefix: 'w', seed: 3 });
    await setup.ingest({ source_id: sourceId, url: 'https://news.example/w/1', title: a!.title, body: a!.paragraphs.join('\n') });
    await setup.api(apiKey, 'PUT', '/v1/users/subscriber', { properties: {} });
    await setup.close();

    // One object directory for both processes, as one bucket would be for a fleet.
    const env = { DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_TOKEN, SECRET_KEY };
    const api = await startChildServer(env, ['--no-workers']);
    let worker: Awaited<ReturnType<typeof startChildWorker>> | null = null;
    try {
      const call = (urlPath: string, body?: unknown) =>
        fetch(`${api.url}${urlPath}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const login = {
        type: 'login',
        session_id: 's1',
        user_id: 'reader',
        occurred_at: new Date().toISOString(),
        metadata: { user_attributes: { plan: 'gold' } },
      };
      expect((await call('/v1/events', { events: [login] })).status).toBe(202);
      // For a user registered before: the worker applies the login and runs the job in no fixed order.
      const created = await call('/v1/push-candidates', { scenario: 'daily', target_mode: 'manual', user_ids: ['subscriber'] });
      expect(created.status).toBe(202);
      const { job_id: jobId } = (await created.json()) as { job_id: string };

      // Without a worker nothing happens: the event is not applied, the job waits (polls run every second).
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await call('/v1/users/reader')).status).toBe(404);
      expect(((await (await call(`/v1/push-candidates/${jobId}`)).json()) as { status: string }).status).toBe('pending');

      worker = await startChildWorker({ ...env, WORKER_METRICS_PORT: '0' });
      const user = await until('the login to be applied', async () => {
        const res = await call('/v1/users/reader');
        return res.status === 200 ? ((await res.json()) as { properties: Record<string, unknown> }) : undefined;
      });
      expect(user.properties).toMatchObject({ plan: 'gold' });
      const job = await until('the job to complete', async () => {
        const body = (await (await call(`/v1/push-candidates/${jobId}`)).json()) as { status: string; download_url?: string };
        return body.status === 'completed' ? body : undefined;
      });
      // The API node signs the URL and serves the file the worker wrote.
      const file = await fetch(job.download_url!);
      expect(file.status).toBe(200);
      expect((await file.text()).startsWith('{"user_id":"subscriber"')).toBe(true);

      // The worker's own metrics: the work it did is visible to Prometheus there (API nodes never see it).
      const metricsUrl = /metrics on (http:\/\/\S+\/metrics)/.exec(worker.output())![1]!;
      // The run is counted when it ends, a moment after the job is committed completed (it then
      // checks the file for users deleted meanwhile and removes its chunks' parts): waited for.
      const metrics = await until('the worker to count the run', async () => {
        const text = await (await fetch(metricsUrl)).text();
        return /^push_jobs_total\{status="completed"\} 1$/m.test(text) ? text : undefined;
      });
      expect(metrics).toMatch(/^push_jobs_total\{status="completed"\} 1$/m);
      expect(metrics).toMatch(/^event_processing_lag_seconds_count [1-9]/m);
      expect((await fetch(metricsUrl.replace('/metrics', '/readyz'))).status).toBe(200);
      expect(await worker.stop(), worker.output()).toBe(0);
    } finally {
      await worker?.stop();
      await api.stop();
      await database.drop();
    }
  });
});
