import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event, postEvents, startEventFixture, token } from '../helpers/events.js';
import { watchLockWaits } from '../helpers/lock-waits.js';
import { tablesContaining } from '../helpers/scan-database.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * DELETE and PATCH while the event processor holds a batch. The "processor" here
 * is a transaction taking the same locks the real one takes (FOR UPDATE on the
 * events, and on the profiles it merges into), held open on purpose, so the
 * interleaving is the same every run instead of a lucky timing: the test waits
 * until the request is blocked behind those locks before it lets the "processor"
 * commit.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('users and event processing at once on %s', (_name, backend) => {
  let t: TestApp;
  let key: string;
  let tenantId: string;
  let contentId: string;
  beforeAll(async () => {
    const f = await startEventFixture(backend, ['https://news.example/race']);
    ({ t, key, tenantId } = f);
    contentId = f.contentIds[0]!;
  });
  afterAll(() => t.close());

  const pg = () => t.deps.dbKind === 'postgres';
  const holdOpen = () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    return { gate, release };
  };

  it('DELETE waits for a processor holding the user’s events, then deletes what it wrote', async () => {
    const userId = 'racer-7c1';
    await t.api(key, 'PUT', `/v1/users/${userId}`, { properties: {} });
    await postEvents(t, key, [event(t, { type: 'like', user_id: userId, tracking_token: token(t, tenantId, contentId, { userId }) })]);
    const { gate, release } = holdOpen();
    const locks = watchLockWaits(t);
    onTestFinished(() => {
      locks.stop();
      release(); // a failed wait must not leave the transaction open
    });
    let locked!: () => void;
    const lockedNow = new Promise<void>((r) => (locked = r));
    const processor = t.deps.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('events').select('seq').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
      if (pg()) q = q.forUpdate();
      await q.execute();
      await locks.held(trx);
      await trx
        .insertInto('sessions')
        .values({ tenant_id: tenantId, session_id: 'race-s', user_id: userId, started_at: 0, last_event_at: 0, ended_at: null, events: 1 })
        .execute();
      locked();
      await gate;
    });
    await lockedNow;
    const deleting = t.api(key, 'DELETE', `/v1/users/${userId}`);
    await locks.waiter(deleting);
    release();
    await processor;
    expect((await deleting).statusCode).toBe(204);
    expect(await tablesContaining(t, userId)).toEqual([]);
  });

  it('a PATCH while a login merge is being written loses neither side', async () => {
    const userId = 'merge-3f';
    await t.api(key, 'PUT', `/v1/users/${userId}`, { properties: { language: 'ja' } });
    const { gate, release } = holdOpen();
    const locks = watchLockWaits(t);
    onTestFinished(() => {
      locks.stop();
      release(); // a failed wait must not leave the transaction open
    });
    let locked!: () => void;
    const lockedNow = new Promise<void>((r) => (locked = r));
    const processor = t.deps.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('users').select('properties').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
      if (pg()) q = q.forUpdate();
      const row = await q.executeTakeFirstOrThrow();
      await locks.held(trx);
      const merged = { ...JSON.parse(row.properties), gender: 'f' };
      await trx
        .updateTable('users')
        .set({ properties: JSON.stringify(merged) })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .execute();
      locked();
      await gate;
    });
    await lockedNow;
    const patching = t.api(key, 'PATCH', `/v1/users/${userId}`, { properties: { interests: ['tech'] } });
    await locks.waiter(patching);
    release();
    await processor;
    expect((await patching).statusCode).toBe(200);
    expect((await t.api(key, 'GET', `/v1/users/${userId}`)).json().properties).toEqual({
      language: 'ja',
      gender: 'f',
      interests: ['tech'],
    });
  });
});
