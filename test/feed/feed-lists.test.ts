import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, testRedisUrl } from '../helpers/backends.js';
import { ids, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { startTestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

/**
 * Issue 15: lists ranked ahead of the request. Each case takes the user's list
 * first, changes something after it, and asserts the next page shows the
 * change: through the API, with the injected clock, on every backend, with
 * ranking and event processing on the test's thread, and as a node runs them
 * by default: rankings on a ranking thread, events applied on the event thread.
 */
const setups = testBackends().flatMap((backend) =>
  (['inline', 'threads'] as const).map((threads) => {
    const redisUrl = backend.name === 'postgres' ? testRedisUrl() : null;
    return [`${backend.name}${redisUrl ? ' + Redis' : ''}, ranking and events ${threads}`, backend, threads, redisUrl] as const;
  }),
);

describe.each(setups)('feed lists ranked ahead of the request on %s', (_name, backend, threads, redisUrl) => {
  let f: FeedFixture;
  const at = () => new Date(f.t.clock.now()).toISOString();
  const post = async (userId: string, type: string, token: string) => {
    const res = await f.t.api(f.key, 'POST', '/v1/events', {
      events: [{ type, session_id: `s-${userId}`, user_id: userId, tracking_token: token, occurred_at: at() }],
    });
    expect(res.statusCode).toBe(202);
  };
  const firstPage = async (userId?: string, limit = 10) => (await f.feed({ user_id: userId, limit })).body;
  const continuations = async () =>
    Number(
      /^feed_rankings_total\{reason="continuation"\} (\S+)$/m.exec((await f.t.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ??
        0,
    );
  const rankings = async () =>
    Number(/^feed_rankings_total\{reason="list"\} (\S+)$/m.exec((await f.t.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? 0);

  beforeAll(async () => {
    f = await startFeedFixture({
      backend,
      perSource: 12,
      env: {
        RANKING_THREADS: threads === 'threads' ? '1' : '0',
        EVENT_THREAD: threads === 'threads' ? '1' : '0',
        FEED_LIST_CAPACITY: '100',
        ...(redisUrl && { REDIS_URL: redisUrl }),
      },
    });
  });
  afterAll(() => f.t.close());

  it('an item whose click is processed after the list was ranked is never served again, nor by a chain started before', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/clicker', { properties: {} });
    const page = await firstPage('clicker', 5);
    // An item of the chain's second page, clicked elsewhere (say, from a push) before the user pages on.
    const second = (await f.feed({ user_id: 'clicker', limit: 5, cursor: page.meta.next_cursor })).body;
    const clicked = second.items[1];
    await post('clicker', 'click', clicked.tracking_token);
    await f.t.processEvents();

    // The chain first: its pages are served by the user's state as the node holds it, with the click's read added.
    const later: string[] = [];
    for (let cursor = page.meta.next_cursor; cursor;) {
      const next = (await f.feed({ user_id: 'clicker', limit: 5, cursor })).body;
      later.push(...ids(next));
      cursor = next.meta.next_cursor;
    }
    expect(later.length).toBeGreaterThan(20);
    expect(later).not.toContain(clicked.id);
    expect(ids(await firstPage('clicker', 60))).not.toContain(clicked.id);
  });

  it('applies events and reads user states where the setup says: their threads report CPU, the test thread none', async () => {
    const metrics = (await f.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const cpu = Number(/^event_thread_cpu_seconds_total (\S+)$/m.exec(metrics)?.[1] ?? 0);
    if (threads === 'threads') expect(cpu).toBeGreaterThan(0);
    else expect(cpu).toBe(0);
    // A SQLite file's reads block: with threads on, users' states are read on a thread too.
    const userStateCpu = Number(/^user_state_thread_cpu_seconds_total (\S+)$/m.exec(metrics)?.[1] ?? 0);
    if (threads === 'threads' && backend.name === 'sqlite') expect(userStateCpu).toBeGreaterThan(0);
    else expect(userStateCpu).toBe(0);
  });

  it('a processed click reshapes the next first page (the list is re-ranked, not only filtered)', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/learner', { properties: {} });
    const before = (await firstPage('learner', 60)).items as { id: string; category: string; tracking_token: string }[];
    const science = before.filter((i) => i.category === 'science').slice(0, 3);
    for (const item of science) await post('learner', 'click', item.tracking_token);
    await f.t.processEvents();
    const after = (await firstPage('learner', 10)).items as { category: string }[];
    const share = (items: { category: string }[]) => items.filter((i) => i.category === 'science').length;
    expect(share(after)).toBeGreaterThan(share(before.slice(0, 10)));
  });

  it('a source blocked after the list was ranked is never served', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/blocker', { properties: {} });
    const page = await firstPage('blocker', 10);
    const source = page.items[0].source.id;
    expect((await f.t.api(f.key, 'PUT', `/v1/users/blocker/sources/${source}/block`)).statusCode).toBe(204);

    const fresh = (await firstPage('blocker', 60)).items as { source: { id: string } }[];
    expect(fresh.length).toBeGreaterThan(20);
    expect(fresh.map((i) => i.source.id)).not.toContain(source);
    const next = (await f.feed({ user_id: 'blocker', limit: 50, cursor: page.meta.next_cursor })).body.items as {
      source: { id: string };
    }[];
    expect(next.length).toBeGreaterThan(20);
    expect(next.map((i) => i.source.id)).not.toContain(source);
  });

  it('a new article that ranks first for a user reaches their first page at the next sweep (every 5 s), not before', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/fan', { properties: { interests: ['ラグビー日本代表', 'ワールドカップ'] } });
    const before = ids(await firstPage('fan'));

    const fresh = await f.ingest('sports', {
      title: 'ラグビー日本代表、ワールドカップ決勝へ',
      body: 'ラグビー日本代表はワールドカップ準決勝に勝ち、初の決勝に進んだ。ラグビー日本代表の主将は「ワールドカップの決勝でも日本代表らしく戦う」と話した。',
    });
    f.t.clock.advance(5000);
    // The held list is served until a sweep finds that the new article enters it.
    expect(ids(await firstPage('fan'))).toEqual(before);
    expect(await f.t.deps.rankings.sweep()).toBeGreaterThan(0);
    await f.t.deps.rankings.settle();
    expect(ids(await firstPage('fan'))[0]).toBe(fresh);
  });

  it('an algorithm change reorders the next first page, for users and for everyone else', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/switcher', { properties: {} });
    const before = (await firstPage('switcher', 10)).items as { category: string }[];
    expect(new Set(before.map((i) => i.category)).size).toBeGreaterThan(1);
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/main`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
      include_categories: ['science'],
    });
    for (const userId of ['switcher', undefined]) {
      const after = (await firstPage(userId, 10)).items as { category: string }[];
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((i) => i.category === 'science')).toBe(true);
    }
    await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/algorithms/main`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
    });
  });

  it('chains that read past their list share one ranking of what follows it, and never repeat an item', async () => {
    const before = await continuations();
    const chains: string[][] = [];
    for (const userId of [undefined, 'reader-a', 'reader-b']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = (await f.feed({ user_id: userId, limit: 25, cursor })).body;
        seen.push(...ids(res));
        cursor = res.meta.next_cursor ?? undefined;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      // Past the 60 items of the list: the continuation served the rest.
      expect(seen.length).toBeGreaterThan(60);
      chains.push(seen);
    }
    // Three chains past the same generic list (an anonymous request, two unregistered ids): one continuation ranking.
    expect(chains[1]).toEqual(chains[0]);
    expect(await continuations()).toBe(before + 1);
  });

  it('what follows a list is ranked once the page before its end is served: the page that reaches the end ranks nothing', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/prefetched', { properties: { interests: ['経済'] } });
    const before = await continuations();
    const first = (await f.feed({ user_id: 'prefetched', limit: 25 })).body; // items 1–25 of 60
    const second = (await f.feed({ user_id: 'prefetched', limit: 25, cursor: first.meta.next_cursor })).body; // 26–50
    // Nothing awaited it: the ranking of what follows finishes after the second page's answer.
    await until('the continuation ranked ahead', async () => ((await continuations()) === before + 1 ? true : undefined));
    const third = (await f.feed({ user_id: 'prefetched', limit: 25, cursor: second.meta.next_cursor })).body; // 51–60, then what follows
    expect(await continuations()).toBe(before + 1);
    // The third page went past the list's 60 items, into what was ranked ahead, repeating none.
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(seen.length).toBeGreaterThan(60);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('registered users with nothing personal yet share the generic list of their context: one ranking for all', async () => {
    const anonymous = ids(await firstPage(undefined, 7));
    const ranked = await rankings();
    for (const userId of ['plain-1', 'plain-2', 'plain-3']) {
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      expect(ids(await firstPage(userId, 7))).toEqual(anonymous);
    }
    expect(await rankings()).toBe(ranked);
    // An interest makes the list personal.
    await f.t.api(f.key, 'PUT', '/v1/users/plain-3', { properties: { interests: ['科学'] } });
    await firstPage('plain-3', 7);
    expect(await rankings()).toBe(ranked + 1);
  });

  it('a user whose list was dropped (LRU, FEED_LIST_CAPACITY=100) is ranked again at once: the same personal page', async () => {
    await f.t.api(f.key, 'PUT', '/v1/users/evicted', { properties: { interests: ['政治'] } });
    const politics = ((await firstPage('evicted', 60)).items as { category: string; tracking_token: string }[]).filter(
      (i) => i.category === 'politics',
    );
    for (const item of politics.slice(0, 3)) await post('evicted', 'click', item.tracking_token);
    await f.t.processEvents();
    const personal = ids(await firstPage('evicted'));
    expect(personal).not.toEqual(ids(await firstPage(undefined)));

    for (let i = 0; i < 110; i++) {
      await f.t.api(f.key, 'PUT', `/v1/users/other-${i}`, { properties: { interests: [`話題${i}`] } });
      await firstPage(`other-${i}`, 3);
    }
    const ranked = await rankings();
    expect(ids(await firstPage('evicted'))).toEqual(personal);
    expect(await rankings()).toBe(ranked + 1);
    // Held again: the next request is served from the list.
    expect(ids(await firstPage('evicted'))).toEqual(personal);
    expect(await rankings()).toBe(ranked + 1);
  });
});

const postgres = testBackends().filter((b) => b.name === 'postgres');

describe.each(postgres.map((b) => [b.name, b] as const))(
  "two nodes on one %s database: changes reach the other node's lists (LISTEN/NOTIFY)",
  (_name, backend) => {
    let a: FeedFixture;
    let b: Awaited<ReturnType<typeof startTestApp>>;
    const feedOnB = async (userId: string, limit = 60) =>
      (await b.api(a.key, 'GET', `/v1/feed?scenario=home&user_id=${userId}&limit=${limit}`)).json();

    beforeAll(async () => {
      a = await startFeedFixture({ backend, perSource: 8 });
      b = await startTestApp({ database: { url: a.t.databaseUrl, drop: async () => {} }, clock: a.t.clock });
    });
    afterAll(async () => {
      await b.close();
      await a.t.close();
    });

    it("a click processed on node A removes the item from node B's held list; an algorithm change on A reorders B's", async () => {
      await a.t.api(a.key, 'PUT', '/v1/users/hopper', { properties: {} });
      const page = await feedOnB('hopper', 5);
      const clicked = page.items[0];
      const res = await a.t.api(a.key, 'POST', '/v1/events', {
        events: [
          {
            type: 'click',
            session_id: 's-hopper',
            user_id: 'hopper',
            tracking_token: clicked.tracking_token,
            occurred_at: new Date(a.t.clock.now()).toISOString(),
          },
        ],
      });
      expect(res.statusCode).toBe(202);
      await a.t.processEvents();
      // The notification crosses a real PostgreSQL connection: wait for it, never for a fixed time.
      await until(
        'node B to drop the clicked item',
        async () => (ids(await feedOnB('hopper')).includes(clicked.id) ? undefined : true),
        10_000,
        20,
      );

      await a.t.admin('PUT', `/admin/v1/tenants/${a.tenantId}/algorithms/main`, {
        min_trust_level: 1,
        max_age_hours: 72,
        exploration: 0,
        languages: ['ja'],
        include_categories: ['politics'],
      });
      await until(
        'node B to rank with the new algorithm',
        async () => {
          const items = (await feedOnB('hopper', 10)).items as { category: string }[];
          return items.length > 0 && items.every((i) => i.category === 'politics') ? true : undefined;
        },
        10_000,
        20,
      );
    });
  },
);
