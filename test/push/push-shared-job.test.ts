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

// 40 chunks of 2,000: worker B starts (a few seconds) long before A could finish alone (40,000 no longer did on a quiet machine).
const USERS = 80_000;
const ADMIN_TOKEN = 'shared-job-admin-token-0123456789';
const SECRET_KEY = 'shared-job-secret-key-0123456789abcdef0123';

const postgres = testBackends().find((b) => b.name === 'postgres');

/**
 * Issue 20, item 2: two `content-feed worker` processes on one PostgreSQL
 * database rank one job together, chunk by chunk; the one running the job
 * is killed while both hold chunks. The other takes over its chunk and the job,
 * and the file is one object with every user once, in user-id order.
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
    const env = { DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_TOKEN, SECRET_KEY, PUSH_JOB_LEASE_MS: '1500' };
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

      // Worker A alone: it claims the job and cuts it into chunks.
      workers.push(await startChildWorker(env));
      const { job_id: jobId } = await call('/v1/push-candidates', { scenario: 'daily', candidates_per_user: 2 });
      const runner = await until(
        'worker A to run the job',
        async () => {
          const row = await db.selectFrom('push_jobs').select(['status', 'lease_owner']).where('id', '=', jobId).executeTakeFirstOrThrow();
          return row.status === 'processing' && row.lease_owner ? row.lease_owner : undefined;
        },
        60_000,
        50,
      );

      // Worker B joins and takes chunks of the same job: both hold one at once.
      workers.push(await startChildWorker(env));
      const owners = await until(
        'both workers to hold chunks of the job',
        async () => {
          const rows = await db
            .selectFrom('push_job_chunks')
            .select('lease_owner')
            .where('job_id', '=', jobId)
            .where('status', '=', 'processing')
            .execute();
          const held = new Set(rows.map((r) => r.lease_owner));
          return held.size === 2 ? held : undefined;
        },
        90_000,
        20,
      );
      // A dies with its chunk half written: B takes the chunk over, then the job. Killed at once:
      // anything awaited first (the job's view below) leaves A time to finish that chunk.
      await workers[0]!.stop('SIGKILL');
      expect(owners.has(runner)).toBe(true);
      const before = await call(`/v1/push-candidates/${jobId}`);
      expect(before.status).toBe('processing');
      expect(before.users_processed).toBeLessThan(USERS);
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

      // The job was taken over (attempt 2), and so was the chunk A held: its run began twice.
      const row = await db.selectFrom('push_jobs').select('attempts').where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      const chunks = await db.selectFrom('push_job_chunks').select(['status', 'attempts']).where('job_id', '=', jobId).execute();
      expect(chunks).toHaveLength(USERS / 2000);
      expect(chunks.every((c) => c.status === 'done')).toBe(true);
      expect(chunks.some((c) => c.attempts === 2)).toBe(true);

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
