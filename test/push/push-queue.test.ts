import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, findJobById } from '../../src/push/push-job-repo.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, downloadLines, fetchSigned, getJob } from '../helpers/push.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('the push job queue on %s', (_name, backend) => {
  let database: TestDatabase;
  let f: FeedFixture;
  let other: TestApp;

  beforeAll(async () => {
    database = await backend.create();
    // Two nodes on one database and one object store (as with S3): each its own worker, one clock.
    const shared = {
      database: { url: database.url, drop: async () => {} },
      env: { OBJECT_STORE_URL: pathToFileURL(mkdtempSync(path.join(tmpdir(), 'cf-objects-'))).href },
    };
    f = await startFeedFixture({ ...shared, perSource: 3 });
    other = await startTestApp({ ...shared, clock: f.t.clock });
    for (const id of ['u1', 'u2', 'u3']) await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} });
  });
  afterAll(async () => {
    await other.close();
    await f.t.close();
    await database.drop();
  });

  // Several nodes share a database only on PostgreSQL; SQLite is the one-node embedded mode.
  it.skipIf(backend.name === 'sqlite')('two workers polling at once run each job exactly once', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++)
      created.push((await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2', 'u3'] })).body.job_id);
    const [a, b] = await Promise.all([f.t.deps.pushWorker.runPending(), other.deps.pushWorker.runPending()]);
    expect([...a, ...b]).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    for (const id of created) {
      const job = await findJobById(f.t.deps.db, id);
      expect(job).toMatchObject({ status: 'completed', attempts: 1, usersProcessed: 3, chargedMillicredits: 1500 });
      expect((await downloadLines(f.t, await getJob(f.t, f.key, id))).map((l) => l.user_id)).toEqual(['u1', 'u2', 'u3']);
    }
  });

  it('a run that lost its job to a takeover cannot finish it: no second file, no second charge', async () => {
    const { job_id: jobId } = (await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2'] })).body;
    const { db, dbKind } = f.t.deps;
    const stale = (await claimJob(db, dbKind, 'slow-worker', f.t.clock.now(), 1000))!;
    f.t.clock.advance(1001);
    expect(await other.deps.pushWorker.runPending()).toEqual(['completed']);
    const taken = await getJob(f.t, f.key, jobId);

    // The slow worker wakes up and runs its (first) attempt to the end.
    const runner = f.t.deps.pushWorker.runner;
    expect(await runner.run(stale, 'slow-worker', new AbortController().signal)).toBe('lost');
    const after = await getJob(f.t, f.key, jobId);
    expect(after).toMatchObject({ status: 'completed', consumed_credits: 1, finished_at: taken.finished_at });
    expect(new URL(after.download_url).pathname).toBe(new URL(taken.download_url).pathname);
    // What the file offered is exactly what is recorded for the 24-hour rule: the stale run neither wiped nor added to it.
    const offered = (await downloadLines(f.t, after)).reduce((n, l) => n + l.candidates.length, 0);
    const recorded = await db
      .selectFrom('push_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(offered);
    // Its file was removed, not left behind.
    const staleUrl = await f.t.deps.objects.presignGet(`push/${jobId}/1.jsonl`, 60, f.t.clock.now());
    expect((await fetchSigned(f.t, staleUrl)).statusCode).toBe(404);
  });

  it('a stopping worker gives its job back: pending again, not counted as an attempt, nothing recorded; the next run ends it', async () => {
    const { job_id: jobId } = (await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'u2'] })).body;
    const { db, dbKind } = f.t.deps;
    const claimed = (await claimJob(db, dbKind, 'stopping-worker', f.t.clock.now(), 30_000))!;
    const stopping = new AbortController();
    stopping.abort();
    const runner = f.t.deps.pushWorker.runner;
    expect(await runner.run(claimed, 'stopping-worker', stopping.signal)).toBe('released');
    await runner.release({ jobId, owner: 'stopping-worker', attempt: claimed.attempts });
    expect(await findJobById(db, jobId)).toMatchObject({ status: 'pending', attempts: 0, leaseOwner: null });
    const recorded = await db
      .selectFrom('push_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(0);
    expect(await f.t.deps.pushWorker.runPending()).toEqual(['completed']);
    expect(await findJobById(db, jobId)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('finished jobs and their files are removed after the retention period', async () => {
    const { job_id: jobId } = (await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1'] })).body;
    await f.t.deps.pushWorker.runPending();
    const job = await getJob(f.t, f.key, jobId);
    await f.t.deps.pushWorker.sweep(f.t.clock.now() + 6 * 86_400_000);
    expect((await f.t.api(f.key, 'GET', `/v1/push-candidates/${jobId}`)).statusCode).toBe(200);
    await f.t.deps.pushWorker.sweep(f.t.clock.now() + 7 * 86_400_000 + 1);
    expect((await f.t.api(f.key, 'GET', `/v1/push-candidates/${jobId}`)).statusCode).toBe(404);
    expect((await fetchSigned(f.t, job.download_url)).statusCode).toBe(404);
  });
});
