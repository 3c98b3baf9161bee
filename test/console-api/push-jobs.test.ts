import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, getJob } from '../helpers/push.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

const JOB_FIELDS = [
  'job_id',
  'status',
  'scenario',
  'target_mode',
  'candidates_per_user',
  'created_at',
  'started_at',
  'finished_at',
  'users_total',
  'users_processed',
  'users_skipped',
  'consumed_credits',
  'duration_ms',
].sort();

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'console push jobs (/admin/v1/tenants/{id}/push-jobs) on %s',
  (_name, backend) => {
    let f: FeedFixture;
    const base = () => `/admin/v1/tenants/${f.tenantId}/push-jobs`;
    const create = async (body: Record<string, unknown>, headers: Record<string, string> = {}, tenantId = f.tenantId) => {
      const res = await f.t.app.inject({
        method: 'POST',
        url: `/admin/v1/tenants/${tenantId}/push-jobs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
        payload: body,
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    };
    const manual = (userIds: string[], extra: Record<string, unknown> = {}) => ({
      scenario: 'daily',
      candidates_per_user: 2,
      target_mode: 'manual',
      user_ids: userIds,
      ...extra,
    });

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 6 });
      for (const id of ['u1', 'u2']) expect((await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} })).statusCode).toBe(201);
    });
    afterAll(() => f.t.close());

    const usedCredits = async () => {
      await f.t.deps.meter.flush();
      return (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).json().current_cycle.used_credits as number;
    };

    it('a manual job created here completes; its freshly signed download_url serves the JSONL, and /v1 shows the same job', async () => {
      const creditsBefore = await usedCredits();
      const created = await create(manual(['u1', 'u2']));
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      expect(created.body).toMatchObject({
        job_id: expect.stringMatching(/^job_/),
        status: 'pending',
        scenario: 'daily',
        users_total: 2,
        duration_ms: null,
      });
      expect(created.headers.location).toBe(`${base()}/${created.body.job_id}`);

      expect(await f.t.deps.pushWorker.runPending()).toEqual(['completed']);
      const res = await f.t.admin('GET', `${base()}/${created.body.job_id}`);
      expect(res.statusCode).toBe(200);
      const job = res.json();
      expect(job).toMatchObject({ status: 'completed', users_processed: 2, consumed_credits: 1 });
      // Charged as /v1 charges a job (docs/push.md): 0.5 credit per user processed, in the tenant's usage.
      expect(await usedCredits()).toBe(creditsBefore + 1);
      expect(job.duration_ms).toBe(Date.parse(job.finished_at) - Date.parse(job.started_at));
      const lines = await downloadLines(f.t, job);
      expect(lines.map((l) => l.user_id)).toEqual(['u1', 'u2']);
      for (const line of lines) expect(line.candidates).toHaveLength(2);

      const { download_url: _url, download_url_expires_at: _expires, duration_ms: _duration, ...rest } = job;
      const viaApi = await getJob(f.t, f.key, created.body.job_id);
      expect(viaApi).toMatchObject(rest);
      expect(viaApi.download_url).toMatch(/X-Amz-Signature=/);
    });

    it("lists the tenant's jobs newest first, without download URLs, with duration_ms once finished", async () => {
      const ids: string[] = [];
      for (const user of ['u1', 'u2', 'u1']) {
        f.t.clock.advance(1000);
        ids.push((await create(manual([user]))).body.job_id);
        if (ids.length < 3) await f.t.deps.pushWorker.runPending();
      }
      const list = (await f.t.admin('GET', `${base()}?limit=3`)).json().push_jobs as Record<string, unknown>[];
      expect(list.map((j) => j.job_id)).toEqual([...ids].reverse());
      for (const job of list) expect(Object.keys(job).sort()).toEqual(JOB_FIELDS);
      expect(list[0]).toMatchObject({ status: 'pending', duration_ms: null, finished_at: null });
      expect(list[1]).toMatchObject({ status: 'completed', duration_ms: expect.any(Number) });

      const all = (await f.t.admin('GET', base())).json().push_jobs as unknown[];
      expect(all).toHaveLength(4); // the default limit (20) holds them all
      for (const limit of [0, 101]) expect((await f.t.admin('GET', `${base()}?limit=${limit}`)).statusCode).toBe(400);
      await f.t.deps.pushWorker.runPending();
    });

    it("applies the API's rules: validation, Idempotency-Key, the credit reservation (402) and five active jobs (429)", async () => {
      expect((await create({ scenario: 'home', target_mode: 'all' })).status).toBe(400);
      const missing = await create({ scenario: 'daily', target_mode: 'manual' });
      expect(missing.status).toBe(400);
      expect(missing.headers['content-type']).toContain('application/problem+json');

      const first = await create(manual(['u1']), { 'idempotency-key': 'retry-1' });
      const again = await create(manual(['u1']), { 'idempotency-key': 'retry-1' });
      expect(again.status).toBe(202);
      expect(again.body.job_id).toBe(first.body.job_id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await create(manual(['u2']), { 'idempotency-key': 'retry-1' })).status).toBe(422);
      await f.t.deps.pushWorker.runPending();

      await f.t.deps.meter.flush();
      const used = (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).json().current_cycle.used_credits as number;
      await f.t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { usage_cap_credits: used + 0.4 });
      const capped = await create(manual(['u1']));
      expect(capped.status).toBe(402);
      expect(capped.body.title).toBe('Usage Limit Exceeded');
      await f.t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { usage_cap_credits: null });

      for (let i = 0; i < 5; i++) expect((await create(manual(['u1']))).status).toBe(202);
      const sixth = await create(manual(['u1']));
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await f.t.deps.pushWorker.runPending();
    });

    it("another tenant's job is 404, and so is an unknown tenant", async () => {
      const own = (await create(manual(['u1']))).body.job_id as string;
      const other = await f.t.createTenant();
      const res = await f.t.admin('GET', `/admin/v1/tenants/${other.tenantId}/push-jobs/${own}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((await f.t.admin('GET', `/admin/v1/tenants/${other.tenantId}/push-jobs`)).json().push_jobs).toEqual([]);
      expect((await f.t.admin('GET', '/admin/v1/tenants/ten_unknown/push-jobs')).statusCode).toBe(404);
      expect((await create(manual(['u1']), {}, 'ten_unknown')).status).toBe(404);
      await f.t.deps.pushWorker.runPending();
    });
  },
);
