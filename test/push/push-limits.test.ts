import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob } from '../../src/push/push-job-repo.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, downloadLines, fetchSigned, getJob, runJob } from '../helpers/push.js';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'push-candidate jobs: validation, limits, credits, URLs on %s',
  (_name, backend) => {
    let f: FeedFixture;
    const jobCount = async () =>
      Number(
        (
          await f.t.deps.db
            .selectFrom('push_jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      f = await startFeedFixture({ backend, perSource: 4 });
      for (const id of ['u1', 'u2', 'u3', 'u4']) await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} });
    });
    afterAll(() => f.t.close());

    it('refuses bad requests with 400 problems naming the field, and creates nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ scenario: 'home' }, 'scenario'], // a feed scenario
        [{ scenario: 'nope' }, 'scenario'],
        [{ scenario: 'daily', candidates_per_user: 4 }, 'candidates_per_user'],
        [{ scenario: 'daily', candidates_per_user: 0 }, 'candidates_per_user'],
        [{ scenario: 'daily', target_mode: 'manual' }, 'user_ids'],
        [{ scenario: 'daily', target_mode: 'manual', user_ids: [] }, 'user_ids'],
        [{ scenario: 'daily', target_mode: 'manual', user_ids: Array.from({ length: 10_001 }, (_, i) => `u${i}`) }, 'user_ids'],
        [{ scenario: 'daily', target_mode: 'all', user_ids: ['u1'] }, 'user_ids'],
        [{ scenario: 'daily', target_mode: 'everyone' }, 'target_mode'],
        [{ scenario: 'daily', extra: true }, 'extra'],
        [{}, 'scenario'],
      ];
      const before = await jobCount();
      for (const [body, field] of cases) {
        const res = await createJob(f.t, f.key, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
        expect(JSON.stringify(res.body.errors ?? res.body.detail)).toContain(field);
      }
      expect(await jobCount()).toBe(before);
    });

    it('a sixth active job is 429 with Retry-After; once one finishes, a new one is accepted', async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] });
        expect(res.status).toBe(202);
        made.push(res.body.job_id);
      }
      const sixth = await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] });
      expect(sixth.status).toBe(429);
      expect(sixth.body.title).toBe('Too Many Requests');
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another tenant is not affected.
      const other = await f.t.createTenant({ plan: 'enterprise' });
      await f.t.admin('PUT', `/admin/v1/tenants/${other.tenantId}/algorithms/a`, {});
      await f.t.admin('PUT', `/admin/v1/tenants/${other.tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'a' });
      expect((await createJob(f.t, other.apiKey, { scenario: 'daily' })).status).toBe(202);

      await f.t.deps.pushWorker.runPending();
      expect((await getJob(f.t, f.key, made[0]!)).status).toBe('completed');
      expect((await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] })).status).toBe(202);
      await f.t.deps.pushWorker.runPending();
    });

    it('Idempotency-Key: a retried create returns the same job; the same key with another body is 422', async () => {
      const body = { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2'] };
      const first = await createJob(f.t, f.key, body, { 'idempotency-key': 'retry-me-1' });
      const again = await createJob(f.t, f.key, body, { 'idempotency-key': 'retry-me-1' });
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.body.job_id).toBe(first.body.job_id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const before = await jobCount();
      const changed = await createJob(f.t, f.key, { ...body, candidates_per_user: 2 }, { 'idempotency-key': 'retry-me-1' });
      expect(changed.status).toBe(422);
      expect(changed.body.detail).toContain('different request body');
      expect(await jobCount()).toBe(before);
      // Keys are per tenant, and a new key is a new job.
      expect((await createJob(f.t, f.key, body, { 'idempotency-key': 'retry-me-2' })).body.job_id).not.toBe(first.body.job_id);
      // Still the same job after it ran.
      await f.t.deps.pushWorker.runPending();
      const replay = await createJob(f.t, f.key, body, { 'idempotency-key': 'retry-me-1' });
      expect(replay.body).toEqual({ job_id: first.body.job_id, status: 'completed' });
    });

    it('credits are reserved at creation: 402 past the cap; the hold blocks other calls until the job settles, then charged', async () => {
      const cycle = (await f.t.admin('GET', `/admin/v1/tenants/${f.tenantId}`)).json();
      const used = cycle.current_cycle.used_credits as number;
      // Chosen so each step below lands on the intended side of the cap (credits used since: in comments).
      await f.t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { usage_cap_credits: Math.round((used + 3.65) * 1000) / 1000 });
      try {
        const tooMany = await createJob(f.t, f.key, {
          scenario: 'daily',
          target_mode: 'manual',
          user_ids: ['u1', 'u2', 'u3', 'u4', 'g1', 'g2', 'g3', 'g4'],
        });
        expect(tooMany.status).toBe(402);
        expect(tooMany.body.title).toBe('Usage Limit Exceeded');
        // 6 ids hold 3 credits; 2 of them are not users, so the job will charge 2.
        const held = await createJob(f.t, f.key, {
          scenario: 'daily',
          target_mode: 'manual',
          user_ids: ['u1', 'u2', 'u3', 'u4', 'g1', 'g2'],
        });
        expect(held.status).toBe(202);
        expect((await f.feed({ limit: 1 })).status).toBe(402); // 3 held + 1 > 3.65
        expect((await f.t.api(f.key, 'GET', `/v1/contents/${f.items.sports![0]!}`)).statusCode).toBe(200); // 3 + 0.1 fits
        await f.t.deps.pushWorker.runPending();
        expect((await getJob(f.t, f.key, held.body.job_id)).consumed_credits).toBe(2);
        // The hold is gone and 2 were charged: 2.1 used, + 1 fits.
        expect((await f.feed({ limit: 1 })).status).toBe(200);

        // A failed job releases its hold without a charge.
        await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/vanishing`, { type: 'push', algorithm_id: 'main' });
        const failing = await createJob(f.t, f.key, { scenario: 'vanishing', target_mode: 'manual', user_ids: ['u1'] });
        expect(failing.status).toBe(202);
        expect((await f.t.api(f.key, 'GET', `/v1/contents/${f.items.sports![0]!}`)).statusCode).toBe(402); // 3.1 + 0.5 held + 0.1 > 3.65
        await f.t.admin('DELETE', `/admin/v1/tenants/${f.tenantId}/scenarios/vanishing`);
        expect(await f.t.deps.pushWorker.runPending()).toEqual(['failed']);
        expect((await f.t.api(f.key, 'GET', `/v1/contents/${f.items.sports![0]!}`)).statusCode).toBe(200);
      } finally {
        await f.t.admin('PATCH', `/admin/v1/tenants/${f.tenantId}`, { usage_cap_credits: null });
      }
    });

    it('concurrent creates: exactly five of twelve are accepted; four retries with one Idempotency-Key make one job', async () => {
      await f.t.deps.pushWorker.runPending();
      const body = { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] };
      const answers = await Promise.all(Array.from({ length: 12 }, () => createJob(f.t, f.key, body)));
      expect(answers.filter((a) => a.status === 202)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
      await f.t.deps.pushWorker.runPending();

      const retries = await Promise.all(
        Array.from({ length: 4 }, () => createJob(f.t, f.key, body, { 'idempotency-key': 'same-key-concurrent' })),
      );
      expect(retries.map((r) => r.status)).toEqual([202, 202, 202, 202]);
      expect(new Set(retries.map((r) => r.body.job_id)).size).toBe(1);
      await f.t.deps.pushWorker.runPending();
    });

    it('download_url: valid at 0 s and 3,599 s, 403 at 3,601 s; any altered parameter is 403; each GET signs a new URL', async () => {
      const job = await runJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2'] });
      const url = job.download_url as string;
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(Date.parse(job.download_url_expires_at) - f.t.clock.now()).toBeLessThanOrEqual(3_600_000);
      const ok = await fetchSigned(f.t, url);
      expect(ok.statusCode).toBe(200);
      expect(ok.body.trim().split('\n')).toHaveLength(2);
      // The URL is a credential: the request log does not record its signature.
      expect(f.t.logs.join('')).not.toContain(new URL(url).searchParams.get('X-Amz-Signature'));

      for (const name of ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature']) {
        const altered = new URL(url);
        const value = altered.searchParams.get(name)!;
        altered.searchParams.set(name, name === 'X-Amz-Expires' ? '7200' : value.slice(0, -1) + (value.endsWith('0') ? '1' : '0'));
        const res = await fetchSigned(f.t, altered.toString());
        expect(res.statusCode, name).toBe(403);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
      const added = new URL(url);
      added.searchParams.set('response-content-type', 'text/html');
      expect((await fetchSigned(f.t, added.toString())).statusCode).toBe(403);

      f.t.clock.advance(3_599_000);
      expect((await fetchSigned(f.t, url)).statusCode).toBe(200);
      f.t.clock.advance(2_000);
      const expired = await fetchSigned(f.t, url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().detail).toMatch(/expired/i);

      const fresh = (await getJob(f.t, f.key, job.job_id)).download_url as string;
      expect(fresh).not.toBe(url);
      expect((await fetchSigned(f.t, fresh)).statusCode).toBe(200);
    });

    it('a job whose worker died is taken over when its lease runs out, and completes once: one line per user, one charge', async () => {
      const created = await createJob(f.t, f.key, {
        scenario: 'daily',
        candidates_per_user: 2,
        target_mode: 'manual',
        user_ids: ['u1', 'u2', 'u3'],
      });
      const { db, dbKind } = f.t.deps;
      const clock = f.t.clock;
      // A worker claims it and dies without a word.
      const dead = await claimJob(db, dbKind, 'worker-that-died', clock.now(), 30_000);
      expect(dead?.id).toBe(created.body.job_id);
      expect(await f.t.deps.pushWorker.runPending()).toEqual([]); // its lease still holds
      expect((await getJob(f.t, f.key, created.body.job_id)).status).toBe('processing');

      clock.advance(30_001);
      expect(await f.t.deps.pushWorker.runPending()).toEqual(['completed']);
      const job = await getJob(f.t, f.key, created.body.job_id);
      expect(job).toMatchObject({ status: 'completed', users_processed: 3, consumed_credits: 1.5 });
      expect((await downloadLines(f.t, job)).map((l) => l.user_id)).toEqual(['u1', 'u2', 'u3']);
      const row = await db.selectFrom('push_jobs').select('attempts').where('id', '=', job.job_id).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
    });
  },
);

const pushSetup = async (t: import('../helpers/test-app.js').TestApp, owner: { tenantId: string; apiKey: string }) => {
  await t.admin('PUT', `/admin/v1/tenants/${owner.tenantId}/algorithms/a`, {});
  await t.admin('PUT', `/admin/v1/tenants/${owner.tenantId}/scenarios/daily-a`, { type: 'push', algorithm_id: 'a' });
  await t.api(owner.apiKey, 'PUT', '/v1/users/someone', { properties: {} });
  const res = await t.api(owner.apiKey, 'POST', '/v1/push-candidates', {
    scenario: 'daily-a',
    target_mode: 'manual',
    user_ids: ['someone'],
  });
  return { jobId: res.json().job_id as string };
};

describeTenantRouteSecurity('POST /v1/push-candidates', {
  method: 'POST',
  // Creation reserves 0.5 credit per target user: refused at the cap.
  metered: true,
  setup: pushSetup,
  request: () => ({ url: '/v1/push-candidates', body: { scenario: 'daily-a', target_mode: 'manual', user_ids: ['someone'] } }),
  crossTenant: (res) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/no scenario daily-a/);
  },
});

describeTenantRouteSecurity('GET /v1/push-candidates/{job_id}', {
  method: 'GET',
  metered: false,
  setup: pushSetup,
  request: (_t, fixture) => ({ url: `/v1/push-candidates/${fixture.data.jobId}` }),
  crossTenant: (res) => expect(res.statusCode).toBe(404),
});
