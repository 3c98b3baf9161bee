import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { startChildServer, startChildWorker, type ChildWorker } from '../helpers/child-server.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { parseLines } from '../helpers/push.js';
import { startTestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

// Two chunks of 2,000: the one worker A hangs in, and the one B ranks meanwhile.
const USERS = 4000;
const ADMIN_TOKEN = 'shared-job-admin-token-0123456789';
const SECRET_KEY = 'shared-job-secret-key-0123456789abcdef0123';

const postgres = testBackends().find((b) => b.name === 'postgres');

/**
 * Issue 20, item 2: two `content-feed worker` processes on one PostgreSQL
 * database rank one job together, chunk by chunk; the one running the job
 * hangs in its chunk (PUSH_TEST_STALL_CHUNKS) while the other ranks the rest, and is
 * killed. The other takes over its chunk and the job, and the file is one object
 * with every user once, in user-id order.
 */
describe.skipIf(!postgres)('a push job shared by two workers on PostgreSQL', () => {
  it('one worker killed mid-job: exactly one complete, ordered file, charged once', { timeout: 240_000 }, async () => {
    const database = await postgres!.create();
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-push-shared-'));
    const setup = await startTestApp({ database: { url: database.url, drop: async () => {} }, clock: new ManualClock(Date.now()) });
    const { apiKey, tenantId } = await setup.createTenant({ plan: 'enterprise' });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1, languages: ['ja'] });
    await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
    const sourceId = await setup.createSource({ name: 'News', trust_level: 2 });
    for (const [i, a] of fixtureArticles(20, { prefix: 'shared', seed: 5 }).entries()) {
      await setup.ingest({ source_id: sourceId, url: `https://news.example/shared/${i}`, title: a.title, body: a.paragraphs.join('\n') });
    }
    // Ids of one length and prefix: PostgreSQL's collation and JavaScript sort them alike.
    const ids = Array.from({ length: USERS }, (_, i) => `u-${String(i).padStart(6, '0')}`);
    const now = Date.now();
    for (let at = 0; at < USERS; at += 4000) {
      const rows = ids.slice(at, at + 4000).map((user_id) => ({
        tenant_id: tenantId,
        user_id,
        properties: '{}',
        created_at: now - 60_000,
        updated_at: now,
        last_active_at: null,
      }));
      await setup.deps.db.insertInto('users').values(rows).execute();
    }
    await setup.close();

    // One object directory for all processes, as one bucket would be for a fleet.
    // Leases of 5 s: a dead worker's are taken over 5 s after the kill, and a live one's hold on a loaded machine. At 1.5 s
    // (renewed every 0.5 s) 1 run in 10 at load 8 never saw A hold its chunk with the rest done: most likely A lost the job
    // to B before the kill, gave its chunk back, and B ranked every chunk.
    const env = { DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_TOKEN, SECRET_KEY, PUSH_JOB_LEASE_MS: '5000' };
    const api = await startChildServer(env, ['--no-workers']);
    const db = openDatabase(database.url).db;
    const workers: ChildWorker[] = [];
    try {
      const call = async (urlPath: string, body?: unknown) =>
        (
          await fetch(`${api.url}${urlPath}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
        ).json() as Promise<Record<string, any>>;

      // Worker A alone: it claims the job, cuts it into chunks and hangs in the first (seq 0), half written, holding its lease.
      workers.push(await startChildWorker({ ...env, PUSH_TEST_STALL_CHUNKS: '1' }));
      const { job_id: jobId } = await call('/v1/push-candidates', { scenario: 'daily', candidates_per_user: 2 });
      const runner = await until(
        'worker A to run the job and hold its first chunk',
        async () => {
          const row = await db.selectFrom('push_jobs').select(['status', 'lease_owner']).where('id', '=', jobId).executeTakeFirstOrThrow();
          if (row.status !== 'processing' || !row.lease_owner) return undefined;
          const first = await db
            .selectFrom('push_job_chunks')
            .select(['status', 'lease_owner'])
            .where('job_id', '=', jobId)
            .where('seq', '=', 0)
            .executeTakeFirst();
          return first?.status === 'processing' && first.lease_owner === row.lease_owner ? row.lease_owner : undefined;
        },
        60_000,
        50,
      );

      // Worker B joins and ranks every other chunk of the job; A's stays held by A.
      workers.push(await startChildWorker(env));
      await until(
        'worker B to rank the chunks worker A does not hold',
        async () => {
          const rows = await db.selectFrom('push_job_chunks').select(['status', 'lease_owner']).where('job_id', '=', jobId).execute();
          const held = rows.filter((r) => r.status === 'processing');
          const done = rows.filter((r) => r.status === 'done');
          return held.length === 1 && held[0]!.lease_owner === runner && done.length === rows.length - 1 ? rows : undefined;
        },
        90_000,
      );
      // A dies with its chunk half written: B takes the chunk over, then the job.
      await workers[0]!.stop('SIGKILL');
      const before = await call(`/v1/push-candidates/${jobId}`);
      expect(before.status).toBe('processing');
      expect(before.users_processed).toBe(USERS - 2000);
      const job = await until(
        'the job to complete',
        async () => {
          const body = await call(`/v1/push-candidates/${jobId}`);
          expect(body.status).not.toBe('failed');
          return body.status === 'completed' ? body : undefined;
        },
        180_000,
      );
      expect(job).toMatchObject({ users_total: USERS, users_processed: USERS, users_skipped: 0, consumed_credits: USERS / 2 });

      const lines = parseLines(await (await fetch(job.download_url)).text());
      expect(lines.map((l) => l.user_id)).toEqual(ids);
      for (const line of lines) expect(line.candidates.length).toBeGreaterThan(0);

      // The job was taken over (attempt 2), and so was the chunk A held, the first: its run began twice, B's once.
      const row = await db.selectFrom('push_jobs').select('attempts').where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      const chunks = await db
        .selectFrom('push_job_chunks')
        .select(['status', 'attempts'])
        .where('job_id', '=', jobId)
        .orderBy('seq')
        .execute();
      expect(chunks).toEqual([
        { status: 'done', attempts: 2 },
        { status: 'done', attempts: 1 },
      ]);

      // One object: the parts and any half-written upload are gone.
      // The parts are removed right after the job is committed completed, so a moment after a client can see it.
      await until('the part files to be removed', async () => {
        const names = readdirSync(path.join(dir, 'objects', 'push', jobId));
        return names.length === 1 ? names : undefined;
      });
      expect(readdirSync(path.join(dir, 'objects', 'push', jobId))).toEqual(['2.jsonl']);
      const charged = await db
        .selectFrom('usage_daily')
        .select((eb) => eb.fn.sum<number>('millicredits').as('m'))
        .where('tenant_id', '=', tenantId)
        .where('endpoint', '=', 'push-candidates')
        .executeTakeFirstOrThrow();
      expect(Number(charged.m)).toBe((USERS / 2) * 1000);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await api.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
