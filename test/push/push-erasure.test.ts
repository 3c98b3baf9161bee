import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, downloadLines, getJob, runJob } from '../helpers/push.js';
import { tablesContaining } from '../helpers/scan-database.js';

/** Files of the local object store holding `needle`, by path under its root. */
function objectsContaining(dataDir: string, needle: string): string[] {
  const root = path.join(dataDir, 'objects');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (readFileSync(full).includes(needle)) found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found;
}

/**
 * Issue 17, defect 8: DELETE of a user left their push-history rows, their id
 * in a job's target list and their line in the stored candidate files (kept 7
 * days). After DELETE, no table and no stored object holds the id.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('DELETE of a user erases their push data on %s', (_name, backend) => {
  let f: FeedFixture;
  const register = (userId: string) => f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 4 });
  });
  afterAll(() => f.t.close());

  it('history rows, manual target lists and finished files: nothing holds the id; the other users keep their lines', async () => {
    const gone = 'erase-push-5d1c';
    for (const id of [gone, 'stays-1', 'stays-2']) expect((await register(id)).statusCode).toBe(201);
    const manual = await runJob(f.t, f.key, {
      scenario: 'daily',
      candidates_per_user: 2,
      target_mode: 'manual',
      user_ids: [gone, 'stays-1', 'ghost-never-registered'],
    });
    const everyone = await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 2, target_mode: 'all' });
    expect((await downloadLines(f.t, manual)).map((l) => l.user_id)).toEqual([gone, 'stays-1']);
    expect((await downloadLines(f.t, everyone)).map((l) => l.user_id)).toContain(gone);
    expect(await tablesContaining(f.t, gone)).toEqual(expect.arrayContaining(['push_history', 'push_jobs', 'users']));
    expect(objectsContaining(f.t.dataDir, gone)).toHaveLength(2);

    expect((await f.t.api(f.key, 'DELETE', `/v1/users/${gone}`)).statusCode).toBe(204);

    expect(await tablesContaining(f.t, gone)).toEqual([]);
    expect(objectsContaining(f.t.dataDir, gone)).toEqual([]);
    // The files are rewritten, not removed: the others' lines and the download URLs still work.
    expect((await downloadLines(f.t, await getJob(f.t, f.key, manual.job_id))).map((l) => l.user_id)).toEqual(['stays-1']);
    expect((await downloadLines(f.t, await getJob(f.t, f.key, everyone.job_id))).map((l) => l.user_id)).toEqual(['stays-1', 'stays-2']);
    const list = await f.t.deps.db.selectFrom('push_jobs').select('user_ids').where('id', '=', manual.job_id).executeTakeFirstOrThrow();
    expect(JSON.parse(list.user_ids!)).toEqual(['stays-1', 'ghost-never-registered']);
  });

  it('a job that wrote the user while they were being deleted drops the line when it finishes', async () => {
    const gone = 'erase-during-run-9b2e';
    for (const id of [gone, 'stays-3']) expect((await register(id)).statusCode).toBe(201);
    const created = await createJob(f.t, f.key, {
      scenario: 'daily',
      candidates_per_user: 2,
      target_mode: 'manual',
      user_ids: [gone, 'stays-3'],
    });
    expect(created.status).toBe(202);

    // The DELETE lands once the file is uploaded and before the job is committed as
    // completed: it finds no finished file to clean, so the job must.
    const objects = f.t.deps.objects;
    const put = objects.put.bind(objects);
    let deleted = 0;
    objects.put = async (key, body, contentType) => {
      const stored = await put(key, body, contentType);
      if (key.startsWith(`push/${created.body.job_id}/`) && deleted === 0)
        deleted = (await f.t.api(f.key, 'DELETE', `/v1/users/${gone}`)).statusCode;
      return stored;
    };
    try {
      expect(await f.t.deps.pushWorker.runPending()).toEqual(['completed']);
    } finally {
      objects.put = put;
    }
    expect(deleted).toBe(204);
    expect((await downloadLines(f.t, await getJob(f.t, f.key, created.body.job_id))).map((l) => l.user_id)).toEqual(['stays-3']);
    expect(objectsContaining(f.t.dataDir, gone)).toEqual([]);
    expect(await tablesContaining(f.t, gone)).toEqual([]);
  });

  it('users deleted at the same time are all erased from a file they share (no rewrite undoes another)', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `erase-together-${i}`);
    for (const id of [...ids, 'stays-4']) expect((await register(id)).statusCode).toBe(201);
    const job = await runJob(f.t, f.key, {
      scenario: 'daily',
      candidates_per_user: 1,
      target_mode: 'manual',
      user_ids: [...ids, 'stays-4'],
    });
    const statuses = await Promise.all(ids.map((id) => f.t.api(f.key, 'DELETE', `/v1/users/${id}`).then((r) => r.statusCode)));
    expect(statuses).toEqual(ids.map(() => 204));
    expect((await downloadLines(f.t, await getJob(f.t, f.key, job.job_id))).map((l) => l.user_id)).toEqual(['stays-4']);
    expect(objectsContaining(f.t.dataDir, 'erase-together-')).toEqual([]);
  });
});
