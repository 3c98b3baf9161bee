import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_USERS, partKey } from '../../src/push/push-chunk.js';
import { claimChunk, insertChunks } from '../../src/push/push-chunk-repo.js';
import { claimJob } from '../../src/push/push-job-repo.js';
import { planRanges } from '../../src/push/push-targets.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, downloadLines, getJob } from '../helpers/push.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const USERS = 2 * CHUNK_USERS + 500; // three chunks: 2,000, 2,000 and 500

/**
 * Issue 20, item 2, with in-process runtimes on both backends and the test
 * clock (push-shared-job.test.ts has the same with real processes and kill -9):
 * a job's chunks are shared by two workers, one chunk's worker stops
 * renewing its lease, and the file is still every user once, in order.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a push job split into chunks on %s', (_name, backend) => {
  let database: TestDatabase;
  let f: FeedFixture;
  let other: TestApp;
  let userIds: string[];

  beforeAll(async () => {
    database = await backend.create();
    // Two nodes on one database and one object store: each its own worker, one clock.
    const shared = {
      database: { url: database.url, drop: async () => {} },
      env: { OBJECT_STORE_URL: pathToFileURL(mkdtempSync(path.join(tmpdir(), 'cf-objects-'))).href },
    };
    f = await startFeedFixture({ ...shared, perSource: 3 });
    other = await startTestApp({ ...shared, clock: f.t.clock });
    const now = f.t.clock.now();
    const ids = Array.from({ length: USERS }, (_, i) => `c-${String(i).padStart(5, '0')}`);
    for (let at = 0; at < ids.length; at += 1000) {
      const rows = ids.slice(at, at + 1000).map((user_id) => ({
        tenant_id: f.tenantId,
        user_id,
        properties: '{}',
        created_at: now - 60_000,
        updated_at: now,
        last_active_at: null,
      }));
      await f.t.deps.db.insertInto('users').values(rows).execute();
    }
    const all = await f.t.deps.db.selectFrom('users').select('user_id').where('tenant_id', '=', f.tenantId).execute();
    userIds = all.map((r) => r.user_id).sort();
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await f.t.close();
    await database.drop();
  });

  it(
    'a chunk whose worker stopped renewing is taken over; the part it left is not used; the file has every user once, in order',
    { timeout: 120_000 },
    async () => {
      const { db, dbKind } = f.t.deps;
      const clock = f.t.clock;
      const { job_id: jobId } = (await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'all' })).body;

      // Worker A holds the job, cut into chunks as its run cuts it.
      const job = (await claimJob(db, dbKind, 'worker-a', clock.now(), 60_000))!;
      await insertChunks(db, jobId, await planRanges(db, job, CHUNK_USERS));
      // A helper takes the first chunk, writes a part under its attempt, and dies before it is done.
      expect((await claimChunk(db, dbKind, 'helper-that-died', clock.now(), 30_000, null))?.seq).toBe(0);
      await f.t.deps.objects.put(
        partKey(jobId, 0, 1),
        Readable.from([Buffer.from('{"user_id":"half-written","candidates":[]}\n')]),
        'application/x-ndjson',
      );
      // Worker B, with a free slot, takes the next chunk of the job A is running.
      expect(await other.deps.pushWorker.runner.help('worker-b', new AbortController().signal)).toBe('done');
      expect((await getJob(f.t, f.key, jobId)).users_processed).toBe(CHUNK_USERS);

      // The dead helper's lease runs out; A's run takes its chunk over and finishes the job.
      clock.advance(30_001);
      expect(await f.t.deps.pushWorker.runner.run(job, 'worker-a', new AbortController().signal)).toBe('completed');

      const view = await getJob(f.t, f.key, jobId);
      expect(view).toMatchObject({
        status: 'completed',
        users_total: userIds.length,
        users_processed: userIds.length,
        consumed_credits: userIds.length / 2,
      });
      expect((await downloadLines(f.t, view)).map((l) => l.user_id)).toEqual(userIds);
      const chunks = await db
        .selectFrom('push_job_chunks')
        .select(['seq', 'status', 'attempts'])
        .where('job_id', '=', jobId)
        .orderBy('seq')
        .execute();
      expect(chunks).toEqual([
        { seq: 0, status: 'done', attempts: 2 },
        { seq: 1, status: 'done', attempts: 1 },
        { seq: 2, status: 'done', attempts: 1 },
      ]);
      // The parts are gone, the dead helper's included: only the job's file is left.
      for (const chunk of chunks)
        for (const attempt of [1, 2]) expect(await f.t.deps.objects.get(partKey(jobId, chunk.seq, attempt))).toBeNull();
    },
  );

  it(
    'a helper whose chunk was taken over cannot mark it done: its lines are not counted, recorded or in the file',
    { timeout: 120_000 },
    async () => {
      const { db, dbKind } = f.t.deps;
      const clock = f.t.clock;
      const { job_id: jobId } = (await createJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: userIds.slice(0, 3) }))
        .body;
      const job = (await claimJob(db, dbKind, 'worker-a', clock.now(), 60_000))!;
      await insertChunks(db, jobId, await planRanges(db, job, CHUNK_USERS));
      const stale = (await claimChunk(db, dbKind, 'slow-helper', clock.now(), 30_000, jobId))!;
      // Its lease runs out; worker B takes the chunk over and finishes it.
      clock.advance(30_001);
      expect(await other.deps.pushWorker.runner.help('worker-b', new AbortController().signal)).toBe('done');

      // The slow helper wakes up and runs its chunk to the end, the job still running: lost, nothing written.
      expect(await other.deps.pushWorker.runner.runChunk(job, stale, 'slow-helper', new AbortController().signal)).toBe('lost');
      expect(await f.t.deps.objects.get(partKey(jobId, 0, 1))).toBeNull(); // its part removed, not left behind
      expect((await getJob(f.t, f.key, jobId)).users_processed).toBe(3);

      expect(await f.t.deps.pushWorker.runner.run(job, 'worker-a', new AbortController().signal)).toBe('completed');
      const after = await getJob(f.t, f.key, jobId);
      expect(after).toMatchObject({ status: 'completed', users_processed: 3, consumed_credits: 1.5 });
      expect((await downloadLines(f.t, after)).map((l) => l.user_id)).toEqual(userIds.slice(0, 3));
      const recorded = await db
        .selectFrom('push_history')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(Number(recorded.n)).toBe(3);
    },
  );
});
