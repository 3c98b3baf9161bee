import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSqlite } from '../../src/db/sqlite-driver.js';
import { ManualClock } from '../../src/lib/clock.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { parseLines } from '../helpers/push.js';
import { startTestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

// Five chunks of 2,000: the kill comes a poll (50 ms) after the first is done, long before the last could be.
const USERS = 10_000;
const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';
const SECRET_KEY = 'crash-test-secret-key-0123456789abcdef0123';

describe('a push job survives kill -9 of its worker', () => {
  it(
    'a restarted service takes the job over and resumes after the chunks done: each user exactly once, in order, charged once',
    { timeout: 180_000 },
    async () => {
      // The data, written by an app on a SQLite file that the real processes then open.
      const dir = mkdtempSync(path.join(tmpdir(), 'cf-push-crash-'));
      const databaseUrl = `sqlite:${path.join(dir, 'crash.sqlite')}`;
      const setup = await startTestApp({ database: { url: databaseUrl, drop: async () => {} }, clock: new ManualClock(Date.now()) });
      const { apiKey, tenantId } = await setup.createTenant({ plan: 'enterprise' });
      await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/main`, { min_trust_level: 1, languages: ['ja'] });
      await setup.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' });
      const sourceId = await setup.createSource({ name: 'News', trust_level: 2 });
      for (const [i, a] of fixtureArticles(20, { prefix: 'crash', seed: 7 }).entries()) {
        await setup.ingest({ source_id: sourceId, url: `https://news.example/crash/${i}`, title: a.title, body: a.paragraphs.join('\n') });
      }
      const now = Date.now();
      const users = Array.from({ length: USERS }, (_, i) => ({
        tenant_id: tenantId,
        user_id: `user-${i}`,
        properties: '{}',
        created_at: now - 60_000,
        updated_at: now,
        last_active_at: null,
      }));
      for (let at = 0; at < users.length; at += 5000)
        await setup.deps.db
          .insertInto('users')
          .values(users.slice(at, at + 5000))
          .execute();
      await setup.close();

      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dir, ADMIN_TOKEN, SECRET_KEY, PUSH_JOB_LEASE_MS: '1500' };
      const api = (server: ChildServer, urlPath: string, init: RequestInit = {}) =>
        fetch(`${server.url}${urlPath}`, {
          ...init,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
        });

      const first = await startChildServer(env);
      let jobId: string;
      let progress: number;
      let doneBeforeKill: string[];
      try {
        const created = await api(first, '/v1/push-candidates', {
          method: 'POST',
          body: JSON.stringify({ scenario: 'daily', candidates_per_user: 2 }),
        });
        expect(created.status).toBe(202);
        jobId = ((await created.json()) as { job_id: string }).job_id;
        // Mid-job: some users written, not all.
        progress = await until(
          'the job to be part done',
          async () => {
            const job = (await (await api(first, `/v1/push-candidates/${jobId}`)).json()) as { status: string; users_processed: number };
            expect(job.status).not.toBe('completed');
            return job.status === 'processing' && job.users_processed > 0 ? job.users_processed : undefined;
          },
          90_000,
          50,
        );
        expect(progress).toBeLessThan(USERS);
      } finally {
        await first.stop('SIGKILL');
      }
      // The chunks the first run finished (issue 20): the second keeps them.
      const before = new (loadSqlite())(path.join(dir, 'crash.sqlite'), { readonly: true });
      try {
        doneBeforeKill = (
          before.prepare("select id from push_job_chunks where job_id = ? and status = 'done'").all(jobId) as { id: string }[]
        ).map((r) => r.id);
      } finally {
        before.close();
      }
      expect(doneBeforeKill.length).toBeGreaterThan(0);

      const second = await startChildServer(env);
      try {
        const job = await until(
          'the job to complete on the restarted service',
          async () => {
            const body = (await (await api(second, `/v1/push-candidates/${jobId}`)).json()) as Record<string, any>;
            expect(body.status).not.toBe('failed');
            // Resumed, not started afresh: progress never falls back.
            expect(body.users_processed).toBeGreaterThanOrEqual(progress);
            return body.status === 'completed' ? body : undefined;
          },
          90_000,
          50,
        );
        expect(job).toMatchObject({ users_total: USERS, users_processed: USERS, consumed_credits: USERS / 2 });
        // The restarted service took the job over: a second claim of it finished it (the first run
        // could otherwise have completed just before the kill, and nothing would have been tested).
        const sqlite = new (loadSqlite())(path.join(dir, 'crash.sqlite'), { readonly: true });
        try {
          expect(sqlite.prepare('select status, attempts from push_jobs where id = ?').get(jobId)).toEqual({
            status: 'completed',
            attempts: 2,
          });
          // What the first run finished was not ranked again: those chunks' runs began once.
          const rerun = sqlite.prepare('select id, attempts from push_job_chunks where job_id = ? and attempts > 1').all(jobId) as {
            id: string;
          }[];
          expect(rerun.filter((c) => doneBeforeKill.includes(c.id))).toEqual([]);
        } finally {
          sqlite.close();
        }

        const file = await fetch(job.download_url); // plain GET, no Authorization
        expect(file.status).toBe(200);
        const lines = parseLines(await file.text());
        expect(lines).toHaveLength(USERS);
        expect(new Set(lines.map((l) => l.user_id)).size).toBe(USERS);
        // In user-id order (SQLite compares ids bytewise, as JavaScript's sort does).
        expect(lines.map((l) => l.user_id)).toEqual(lines.map((l) => l.user_id).sort());

        const usage = (await (
          await fetch(`${second.url}/admin/v1/tenants/${tenantId}/usage`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        ).json()) as {
          days: { endpoint: string; credits: number }[];
        };
        const charged = usage.days.filter((d) => d.endpoint === 'push-candidates').reduce((sum, d) => sum + d.credits, 0);
        expect(charged).toBe(USERS / 2);
      } finally {
        await second.stop();
      }
    },
  );
});
