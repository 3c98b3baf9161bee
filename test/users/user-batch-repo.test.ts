import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceLastActive, insertNewUsers, lockUserProperties, type NewUser } from '../../src/users/user-batch-repo.js';
import { MAX_PROPERTY_KEYS } from '../../src/users/user-properties.js';
import { testBackends } from '../helpers/backends.js';
import { repoDatabase, type RepoDatabase } from '../helpers/repo-database.js';

const TENANT = 'ten_batch';

/** The event processor's writes to the users table, through users/ (events/write-effects.ts calls these). */
describe.each(testBackends().map((b) => [b.name, b] as const))('users written in batches on %s', (_name, backend) => {
  let handle: RepoDatabase;
  beforeAll(async () => {
    handle = await repoDatabase(backend, [TENANT]);
  });
  afterAll(() => handle.close());

  const stored = async (userId: string) =>
    handle.db.selectFrom('users').selectAll().where('tenant_id', '=', TENANT).where('user_id', '=', userId).executeTakeFirst();
  const put = (userId: string, properties: Record<string, unknown>) =>
    handle.db
      .insertInto('users')
      .values({
        tenant_id: TENANT,
        user_id: userId,
        properties: JSON.stringify(properties),
        created_at: 1,
        updated_at: 1,
        last_active_at: 50,
      })
      .execute();

  it('creates new users, and merges into one created meanwhile instead of dropping its attributes', async () => {
    await put('u-put', { plan: 'gold', age: 30 });
    await put('u-full', Object.fromEntries(Array.from({ length: MAX_PROPERTY_KEYS }, (_, i) => [`k${i}`, i])));
    await put('u-bare', { plan: 'silver' });
    // More than one INSERT's worth (200 rows), so the merge is found in a later chunk too.
    const fresh = Array.from({ length: 250 }, (_, i): [string, NewUser] => [
      `u-new-${String(i).padStart(3, '0')}`,
      { properties: { n: i }, createdAt: 10, lastActiveAt: 20 },
    ]);
    await handle.db
      .transaction()
      .execute((trx) =>
        insertNewUsers(
          trx,
          TENANT,
          new Map<string, NewUser>([
            ...fresh,
            ['u-put', { properties: { age: 31, city: '東京' }, createdAt: 10, lastActiveAt: null }],
            ['u-full', { properties: { extra: 1 }, createdAt: 10, lastActiveAt: null }],
            ['u-bare', { properties: {}, createdAt: 10, lastActiveAt: null }],
          ]),
          100,
        ),
      );
    expect(await stored('u-new-249')).toMatchObject({
      properties: JSON.stringify({ n: 249 }),
      created_at: 10,
      updated_at: 100,
      last_active_at: 20,
    });
    const count = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'like', 'u-new-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(250);
    const merged = await stored('u-put');
    expect(JSON.parse(merged!.properties)).toEqual({ plan: 'gold', age: 31, city: '東京' });
    expect(Number(merged!.created_at)).toBe(1);
    expect(Number(merged!.updated_at)).toBe(100);
    // A merge past the property limits, and an event with no attributes, leave the row as it was.
    expect(Object.keys(JSON.parse((await stored('u-full'))!.properties))).toHaveLength(MAX_PROPERTY_KEYS);
    expect(await stored('u-bare')).toMatchObject({ properties: JSON.stringify({ plan: 'silver' }) });
    expect(Number((await stored('u-bare'))!.updated_at)).toBe(1);
  });

  it('moves last_active_at forward only, for a batch of users in one statement (per 200 on SQLite)', async () => {
    await put('u-active', {});
    await handle.db.transaction().execute((trx) => advanceLastActive(trx, backend.name, TENANT, new Map([['u-active', 40]])));
    expect(Number((await stored('u-active'))!.last_active_at)).toBe(50);
    await handle.db.transaction().execute((trx) => advanceLastActive(trx, backend.name, TENANT, new Map([['u-active', 70]])));
    expect(Number((await stored('u-active'))!.last_active_at)).toBe(70);

    // 250 users: stored at 50, half moved to 40 (stays 50), half to 60; one never active (null); one not stored.
    const ids = Array.from({ length: 250 }, (_, i) => `u-many-${String(i).padStart(3, '0')}`);
    for (const id of ids) await put(id, {});
    await handle.db
      .updateTable('users')
      .set({ last_active_at: null })
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', ids[0]!)
      .execute();
    const times = new Map<string, number>([...ids.map((id, i): [string, number] => [id, i % 2 === 0 ? 60 : 40]), ['u-nobody', 90]]);
    let statements = 0;
    const counted = handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    await counted.transaction().execute((trx) => advanceLastActive(trx, backend.name, TENANT, times));
    expect(statements).toBe(backend.name === 'postgres' ? 1 : 2);
    const rows = await handle.db
      .selectFrom('users')
      .select(['user_id', 'last_active_at'])
      .where('tenant_id', '=', TENANT)
      .where('user_id', 'like', 'u-many-%')
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => Number(r.last_active_at))).toEqual(ids.map((_, i) => (i % 2 === 0 ? 60 : 50)));
    expect(await stored('u-nobody')).toBeUndefined();
  });

  it('reads the stored properties of the users that exist', async () => {
    const found = await handle.db.transaction().execute((trx) => lockUserProperties(trx, backend.name, TENANT, ['u-put', 'u-nobody']));
    expect([...found]).toEqual([['u-put', { plan: 'gold', age: 31, city: '東京' }]]);
  });
});
