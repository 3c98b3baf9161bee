import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, downloadLines, getJob, runJob } from '../helpers/push.js';

const ITEM_FIELDS = [
  'areas',
  'category',
  'id',
  'language',
  'published_at',
  'score',
  'source',
  'summary',
  'thumbnail',
  'title',
  'tracking_token',
  'url',
].sort();
const HOUR = 3_600_000;

describe.each(testBackends().map((b) => [b.name, b] as const))('push-candidate jobs on %s', (_name, backend) => {
  let f: FeedFixture;
  const at = () => new Date(f.t.clock.now()).toISOString();
  const register = (userId: string) => f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 12 }); // 72 items over 6 sources and categories
    for (const id of ['u1', 'u2', 'u3']) expect((await register(id)).statusCode).toBe(201);
  });
  afterAll(() => f.t.close());

  it('a manual job for 3 users, candidates_per_user=3, completes; its file (no Authorization): 3 lines, 1–3 candidates', async () => {
    const created = await createJob(f.t, f.key, {
      scenario: 'daily',
      candidates_per_user: 3,
      target_mode: 'manual',
      user_ids: ['u1', 'u2', 'u3'],
    });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ job_id: expect.stringMatching(/^job_/), status: 'pending' });
    expect(created.headers.location).toBe(`/v1/push-candidates/${created.body.job_id}`);
    expect(created.headers['x-credits-used']).toBe('0');

    const pending = await getJob(f.t, f.key, created.body.job_id);
    expect(pending).toMatchObject({
      status: 'pending',
      scenario: 'daily',
      target_mode: 'manual',
      candidates_per_user: 3,
      users_total: 3,
      users_processed: 0,
    });
    expect(pending.download_url).toBeUndefined();

    expect(await f.t.deps.pushWorker.runPending()).toEqual(['completed']);
    const job = await getJob(f.t, f.key, created.body.job_id);
    expect(job).toMatchObject({ status: 'completed', users_total: 3, users_processed: 3, users_skipped: 0, consumed_credits: 1.5 });
    expect(job.error).toBeUndefined();
    expect(job.download_url).toMatch(/X-Amz-Signature=/);

    const lines = await downloadLines(f.t, job);
    expect(lines.map((l) => l.user_id)).toEqual(['u1', 'u2', 'u3']);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['candidates', 'user_id']);
      expect(line.candidates.length).toBeGreaterThanOrEqual(1);
      expect(line.candidates.length).toBeLessThanOrEqual(3);
      const scores = line.candidates.map((c) => c.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const c of line.candidates) expect(Object.keys(c).sort()).toEqual(ITEM_FIELDS);
      // The push-channel token is accepted by /v1/events, for this user.
      const click = {
        type: 'click',
        session_id: `s-${line.user_id}`,
        user_id: line.user_id,
        tracking_token: line.candidates[0]!.tracking_token,
        occurred_at: at(),
      };
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events: [click] })).statusCode).toBe(202);
      const claims = f.t.deps.tokens.verify(line.candidates[0]!.tracking_token);
      expect(claims).toMatchObject({ channel: 'push', userId: line.user_id, scenario: 'daily', requestId: job.job_id, position: 0 });
    }
  });

  it('never offers read items, blocked sources, or what another job offered the same user in the last 24 hours', async () => {
    const first = await downloadLines(
      f.t,
      await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ['u1', 'u2'] }),
    );
    const offered = new Map(first.map((l) => [l.user_id, l.candidates.map((c) => c.id)]));

    // Within 24 hours: nothing offered before is offered again.
    f.t.clock.advance(HOUR);
    const second = await downloadLines(
      f.t,
      await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ['u1', 'u2'] }),
    );
    for (const line of second) {
      expect(line.candidates.length).toBe(3);
      for (const c of line.candidates) expect(offered.get(line.user_id)).not.toContain(c.id);
    }

    // u1 reads its first offer (a push click); u2 blocks the source of its first offer.
    const read = first[0]!.candidates[0]!;
    const click = { type: 'click', session_id: 's-u1', user_id: 'u1', tracking_token: read.tracking_token, occurred_at: at() };
    expect((await f.t.api(f.key, 'POST', '/v1/events', { events: [click] })).statusCode).toBe(202);
    await f.t.processEvents();
    const blocked = first[1]!.candidates[0]!.source.id;
    expect((await f.t.api(f.key, 'PUT', `/v1/users/u2/sources/${blocked}/block`)).statusCode).toBe(204);

    // A day later the 24-hour rule no longer applies, but reads and blocks do, in every one of several jobs.
    f.t.clock.advance(25 * HOUR);
    for (let i = 0; i < 3; i++) {
      f.t.clock.advance((25 * HOUR) / 10);
      const lines = await downloadLines(
        f.t,
        await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: ['u1', 'u2'] }),
      );
      const [u1, u2] = lines;
      expect(u1!.candidates.map((c) => c.id)).not.toContain(read.id);
      expect(u2!.candidates.map((c) => c.source.id)).not.toContain(blocked);
      expect(u2!.candidates.length).toBeGreaterThan(0);
    }
  });

  it('`all` over 1,000 users writes 1,000 lines and charges exactly 500 credits, once', async () => {
    const t = (await startFeedFixture({ backend, perSource: 4 })).t;
    try {
      const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1, max_age_hours: 72, languages: ['ja'] });
      await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
      const now = t.clock.now();
      const users = Array.from({ length: 1000 }, (_, i) => ({
        tenant_id: tenantId,
        user_id: `user-${String(i).padStart(4, '0')}`,
        properties: '{}',
        created_at: now,
        updated_at: now,
        last_active_at: null,
      }));
      await t.deps.db.insertInto('users').values(users).execute();
      t.clock.advance(1000);
      const job = await runJob(t, apiKey, { scenario: 'daily' });
      expect(job).toMatchObject({
        status: 'completed',
        target_mode: 'all',
        candidates_per_user: 1,
        users_total: 1000,
        users_processed: 1000,
        consumed_credits: 500,
      });
      const lines = await downloadLines(t, job);
      expect(lines).toHaveLength(1000);
      expect(new Set(lines.map((l) => l.user_id)).size).toBe(1000);
      expect(lines.every((l) => l.candidates.length === 1)).toBe(true);

      // The ledger holds exactly 500 credits for push-candidates, and reading the job again charges nothing.
      await getJob(t, apiKey, job.job_id);
      const usage = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/usage`)).json();
      const push = usage.days.filter((d: { endpoint: string }) => d.endpoint === 'push-candidates');
      expect(push.reduce((sum: number, d: { credits: number }) => sum + d.credits, 0)).toBe(500);
    } finally {
      await t.close();
    }
  });

  it('users registered after the job was created are not in it; `active` takes users with a click or impression in 30 days', async () => {
    const activeUser = 'recently-active';
    await register(activeUser);
    const token = f.t.deps.tokens.issue({
      tenantId: f.tenantId,
      contentId: f.items.sports![0]!,
      scenario: 'home',
      channel: 'feed',
      userId: activeUser,
      requestId: 'req_x',
      position: 0,
      issuedAt: Math.floor(f.t.clock.now() / 1000),
    });
    const impression = { type: 'impression', session_id: 's-active', user_id: activeUser, tracking_token: token, occurred_at: at() };
    expect((await f.t.api(f.key, 'POST', '/v1/events', { events: [impression] })).statusCode).toBe(202);
    await f.t.processEvents();
    await register('dormant'); // registered, never active
    const created = await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'active' });
    await register('late-comer');
    await f.t.deps.pushWorker.runPending();
    const job = await getJob(f.t, f.key, created.body.job_id);
    const users = (await downloadLines(f.t, job)).map((l) => l.user_id);
    expect(users).toContain(activeUser);
    expect(users).not.toContain('late-comer');
    expect(users).not.toContain('dormant');
    expect(job.users_total).toBe(users.length);
  });

  it('manual ids that are not registered users are skipped, counted and not charged', async () => {
    const job = await runJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'ghost-1', 'u3', 'ghost-2', 'u1'] });
    expect(job).toMatchObject({ status: 'completed', users_total: 4, users_processed: 2, users_skipped: 2, consumed_credits: 1 });
    expect((await downloadLines(f.t, job)).map((l) => l.user_id)).toEqual(['u1', 'u3']);
  });

  it('a job whose scenario stopped being a push scenario fails with an error object, no file and no charge', async () => {
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/soon-gone`, { type: 'push', algorithm_id: 'main' });
    const created = await createJob(f.t, f.key, { scenario: 'soon-gone', target_mode: 'manual', user_ids: ['u1'] });
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/soon-gone`, { type: 'feed', algorithm_id: 'main' });
    expect(await f.t.deps.pushWorker.runPending()).toEqual(['failed']);
    const job = await getJob(f.t, f.key, created.body.job_id);
    expect(job).toMatchObject({
      status: 'failed',
      consumed_credits: 0,
      error: { code: 'scenario_unavailable', message: expect.stringContaining('soon-gone') },
    });
    expect(job.download_url).toBeUndefined();
  });

  it('a job is visible only to its tenant; an unknown id is 404', async () => {
    const job = await runJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] });
    const other = await f.t.createTenant({ plan: 'enterprise' });
    const res = await f.t.api(other.apiKey, 'GET', `/v1/push-candidates/${job.job_id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect((await f.t.api(f.key, 'GET', '/v1/push-candidates/job_nope')).statusCode).toBe(404);
  });
});
