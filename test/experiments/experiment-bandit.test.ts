import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALLOCATE_EVERY_MS } from '../../src/experiments/experiment-bandit.js';
import { probabilityBest, thompsonShares } from '../../src/experiments/thompson-shares.js';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

describe('Thompson sampling shares (pure, seeded)', () => {
  it('gives the variant likely best most of the traffic, keeps 5 % for each other, and splits evenly when nothing is known', () => {
    const clear = probabilityBest(
      [
        { name: 'a', users: 100, clickingUsers: 10 },
        { name: 'b', users: 100, clickingUsers: 30 },
      ],
      seededRandom(1),
    );
    expect(clear.get('b')).toBeGreaterThan(0.99);
    const unknown = probabilityBest(
      [
        { name: 'a', users: 0, clickingUsers: 0 },
        { name: 'b', users: 0, clickingUsers: 0 },
      ],
      seededRandom(2),
    );
    expect(unknown.get('a')).toBeCloseTo(0.5, 1);
    // Beta(11, 91) vs Beta(16, 86): b is better with probability about 0.85.
    const close = probabilityBest(
      [
        { name: 'a', users: 100, clickingUsers: 10 },
        { name: 'b', users: 100, clickingUsers: 15 },
      ],
      seededRandom(3),
    );
    expect(close.get('b')).toBeGreaterThan(0.8);
    expect(close.get('b')).toBeLessThan(0.9);

    const shares = thompsonShares(
      [
        { name: 'a', users: 100, clickingUsers: 10 },
        { name: 'b', users: 100, clickingUsers: 30 },
        { name: 'c', users: 100, clickingUsers: 11 },
      ],
      seededRandom(4),
    );
    expect([...shares.values()].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 10);
    expect(shares.get('a')).toBeGreaterThanOrEqual(0.05);
    expect(shares.get('c')).toBeGreaterThanOrEqual(0.05);
    expect(shares.get('b')).toBeGreaterThan(0.85);
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('a bandit experiment on %s', (_name, backend) => {
  let f: FeedFixture;
  let base: string;
  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 3 });
    base = `/admin/v1/tenants/${f.tenantId}`;
    await f.t.admin('PUT', `${base}/algorithms/nosports`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
      exclude_categories: ['sports'],
    });
  });
  afterAll(() => f.t.close());

  const variantOf = async (user: string) => {
    const items = (await f.feed({ user_id: user, limit: 3 })).body.items;
    return { items, variant: f.t.deps.tokens.verify(items[0].tracking_token)!.experiment!.variant };
  };

  it('moves new users towards the variant whose users click, every 10 minutes; assigned users stay; shares not set by hand', async () => {
    const created = await f.t.admin('POST', `${base}/experiments`, {
      scenario: 'home',
      allocation: 'thompson',
      variants: [
        { name: 'control', algorithm_id: 'main', share: 0.5 },
        { name: 'nosports', algorithm_id: 'nosports', share: 0.5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const exp = created.json();
    expect(exp).toMatchObject({ allocation: 'thompson', reallocated_at: null });
    const url = `${base}/experiments/${exp.experiment_id}`;
    expect((await f.t.admin('PUT', `${url}/shares`, { shares: { control: 0.9, nosports: 0.1 } })).statusCode).toBe(409);

    const first = new Map<string, string>();
    const events: Record<string, unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const user = `early-${i}`;
      const { items, variant } = await variantOf(user);
      first.set(user, variant);
      const event = {
        session_id: `s-${user}`,
        user_id: user,
        tracking_token: items[0].tracking_token,
        occurred_at: new Date(f.t.clock.now()).toISOString(),
      };
      events.push({ type: 'impression', ...event });
      if (variant === 'nosports') events.push({ type: 'click', ...event });
    }
    expect(new Set(first.values())).toEqual(new Set(['control', 'nosports']));
    for (let i = 0; i < events.length; i += 100)
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events: events.slice(i, i + 100) })).statusCode).toBe(202);

    // Not yet due: the shares stand.
    f.t.clock.advance(60_000);
    await variantOf('probe-0');
    expect((await f.t.admin('GET', url)).json().variants.map((v: any) => v.share)).toEqual([0.5, 0.5]);

    // Due: the next read of the scenario sets them from the results.
    f.t.clock.advance(REALLOCATE_EVERY_MS);
    await variantOf('probe-1');
    const after = (await f.t.admin('GET', url)).json();
    expect(after.reallocated_at).toBe(new Date(f.t.clock.now()).toISOString());
    expect(after.variants.map((v: any) => v.share)).toEqual([0.05, 0.95]);
    const audit = (await f.t.admin('GET', `${base}/audit-log`)).json().entries;
    expect(audit.some((e: any) => e.route.endsWith('/shares'))).toBe(false);

    let toVariant = 0;
    for (let i = 0; i < 40; i++) if ((await variantOf(`late-${i}`)).variant === 'nosports') toVariant++;
    expect(toVariant).toBeGreaterThanOrEqual(34);
    for (const [user, variant] of first) expect((await variantOf(user)).variant).toBe(variant);
  });
});
