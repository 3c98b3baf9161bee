import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareProportions, decide, normalCdf, ratioEstimate, wilson } from '../../src/experiments/experiment-statistics.js';
import { ServedCounts } from '../../src/experiments/served-counts.js';
import { TrackingTokens } from '../../src/tracking/tracking-token.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

describe('experiment statistics (pure), against numbers worked by hand', () => {
  it('Φ, Wilson intervals, the two-proportion z-test and the delta-method CTR interval', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    // 5 of 20 users clicked in control, 12 of 20 in the variant.
    const w = wilson(5, 20);
    expect(w.low).toBeCloseTo(0.111862, 5);
    expect(w.high).toBeCloseTo(0.468701, 5);
    // pooled p = 17/40, SE = √(0.425 · 0.575 · (1/20 + 1/20)) = 0.156325, z = 0.35 / SE.
    const c = compareProportions(12, 20, 5, 20, 0.05);
    expect(c.z).toBeCloseTo(2.238926, 5);
    expect(c.pValue).toBeCloseTo(0.025161, 5);
    expect(c.low).toBeCloseTo(0.06345, 5);
    expect(c.high).toBeCloseTo(0.63655, 5);
    expect(c.significant).toBe(true);
    // 20 users × 4 impressions, 5 of them one click: R = 0.0625, s² = (5 − 2R·20 + R²·320) / 19, SE = √(s²/20) / 4.
    const r = ratioEstimate({
      units: 20,
      clicks: 5,
      impressions: 80,
      clicksSquared: 5,
      impressionsSquared: 320,
      clicksTimesImpressions: 20,
    });
    expect(r.rate).toBe(0.0625);
    expect(r.low).toBeCloseTo(0.013824, 5);
    expect(r.high).toBeCloseTo(0.111176, 5);
  });

  it('calls no winner below the sample size, corrects for several variants, and lets control win when all others are worse', () => {
    expect(
      decide(
        'a',
        [
          { name: 'a', users: 20, clickingUsers: 5 },
          { name: 'b', users: 20, clickingUsers: 12 },
        ],
        21,
      ).winner,
    ).toBeNull();
    expect(
      decide(
        'a',
        [
          { name: 'a', users: 20, clickingUsers: 5 },
          { name: 'b', users: 20, clickingUsers: 12 },
        ],
        20,
      ).winner,
    ).toBe('b');
    // p = 0.025 passes 0.05 but not 0.05 / 2 with a third variant.
    const three = decide(
      'a',
      [
        { name: 'a', users: 20, clickingUsers: 5 },
        { name: 'b', users: 20, clickingUsers: 12 },
        { name: 'c', users: 20, clickingUsers: 5 },
      ],
      20,
    );
    expect(three.alpha).toBe(0.025);
    expect(three.winner).toBeNull();
    expect(
      decide(
        'a',
        [
          { name: 'a', users: 20, clickingUsers: 12 },
          { name: 'b', users: 20, clickingUsers: 5 },
        ],
        20,
      ).winner,
    ).toBe('a');
  });

  it('tokens carry the experiment and variant; tokens without them verify as before', () => {
    const tokens = new TrackingTokens('test-secret-key-0123456789abcdef0123456789');
    const claims = {
      tenantId: 'ten_1',
      contentId: 'cnt_1',
      scenario: 'home',
      channel: 'feed' as const,
      userId: 'u',
      requestId: 'req_1',
      position: 0,
      issuedAt: 1,
    };
    expect(tokens.verify(tokens.issue(claims))!.experiment).toBeNull();
    expect(tokens.verify(tokens.issue({ ...claims, experiment: { id: 'exp_1', variant: 'b' } }))!.experiment).toEqual({
      id: 'exp_1',
      variant: 'b',
    });
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('experiment results on %s', (_name, backend) => {
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

  const at = () => new Date(f.t.clock.now()).toISOString();
  const send = async (events: Record<string, unknown>[]) => {
    for (let i = 0; i < events.length; i += 100) {
      const res = await f.t.api(f.key, 'POST', '/v1/events', { events: events.slice(i, i + 100) });
      expect(res.statusCode, res.body).toBe(202);
    }
  };

  it('writes served counts of every experiment even when one of a batch names an experiment deleted meanwhile', async () => {
    const exp = (
      await f.t.admin('POST', `${base}/experiments`, {
        scenario: 'home',
        start: false,
        variants: [
          { name: 'control', algorithm_id: 'main', share: 0.5 },
          { name: 'nosports', algorithm_id: 'nosports', share: 0.5 },
        ],
      })
    ).json();
    const counts = new ServedCounts(f.t.deps.db, f.t.clock);
    counts.count(f.tenantId, 'exp_deleted_meanwhile', 'control', { feedRequests: 1, millicredits: 1000 });
    counts.count(f.tenantId, exp.experiment_id, 'control', { feedRequests: 2, millicredits: 2000 });
    await counts.flush();
    const rows = await f.t.deps.db
      .selectFrom('experiment_serving')
      .select(['variant', 'feed_requests'])
      .where('experiment_id', '=', exp.experiment_id)
      .execute();
    expect(rows.map((r) => ({ variant: r.variant, feed_requests: Number(r.feed_requests) }))).toEqual([
      { variant: 'control', feed_requests: 2 },
    ]);
  });

  it('counts every event for the variant that served it, even after the end; the numbers match the hand-computed example', async () => {
    // A token issued before the experiment names none: its click is not the experiment's.
    const before = (await f.feed({ user_id: 'before', limit: 4 })).body;
    // Control takes everyone first; then the variant takes every user not yet assigned.
    const created = await f.t.admin('POST', `${base}/experiments`, {
      scenario: 'home',
      min_users_per_variant: 20,
      variants: [
        { name: 'control', algorithm_id: 'main', share: 1 },
        { name: 'nosports', algorithm_id: 'nosports', share: 0 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const exp = created.json();
    const pages = new Map<string, any[]>();
    for (let i = 0; i < 20; i++) pages.set(`a-${i}`, (await f.feed({ user_id: `a-${i}`, limit: 4 })).body.items);
    await f.t.admin('PUT', `${base}/experiments/${exp.experiment_id}/shares`, { shares: { control: 0, nosports: 1 } });
    for (let i = 0; i < 20; i++) pages.set(`b-${i}`, (await f.feed({ user_id: `b-${i}`, limit: 4 })).body.items);
    for (const [user, items] of pages) {
      expect(items).toHaveLength(4);
      expect(f.t.deps.tokens.verify(items[0].tracking_token)!.experiment!.variant).toBe(user.startsWith('a-') ? 'control' : 'nosports');
    }

    const event = (user: string, type: string, item: any, extra: Record<string, unknown> = {}) => ({
      type,
      session_id: `s-${user}`,
      user_id: user,
      tracking_token: item.tracking_token,
      occurred_at: at(),
      ...extra,
    });
    const events: Record<string, unknown>[] = [];
    for (const [user, items] of pages) for (const item of items) events.push(event(user, 'impression', item));
    // Control: 5 users click once; a-0 likes it and reads it for 30 s.
    for (let i = 0; i < 5; i++) events.push(event(`a-${i}`, 'click', pages.get(`a-${i}`)![0]));
    events.push(
      event('a-0', 'like', pages.get('a-0')![0]),
      event('a-0', 'return', pages.get('a-0')![0], { metadata: { dwell_ms: 30_000 } }),
    );
    // Variant: 11 users click now (b-0 twice), b-0 reports 10 s, b-1 shares and returns 20 s after its click.
    for (let i = 0; i < 11; i++) events.push(event(`b-${i}`, 'click', pages.get(`b-${i}`)![0]));
    events.push(
      event('b-0', 'click', pages.get('b-0')![1]),
      event('b-0', 'return', pages.get('b-0')![0], { metadata: { dwell_ms: 10_000 } }),
    );
    events.push(event('b-1', 'share', pages.get('b-1')![0]));
    events.push(event('before', 'click', before.items[0]));
    await send(events);
    f.t.clock.advance(20_000);
    await send([event('b-1', 'return', pages.get('b-1')![0])]);

    // Stopped: the scenario serves its own algorithm, and what comes back for the variant's items still counts.
    await f.t.admin('POST', `${base}/experiments/${exp.experiment_id}/stop`);
    expect(f.t.deps.tokens.verify((await f.feed({ user_id: 'b-19', limit: 4 })).body.items[0].tracking_token)!.experiment).toBeNull();
    await send([event('b-11', 'click', pages.get('b-11')![0])]);

    const res = await f.t.admin('GET', `${base}/experiments/${exp.experiment_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    const [control, variant] = results.variants;
    expect(control).toMatchObject({
      name: 'control',
      users: 20,
      clicking_users: 5,
      impressions: 80,
      clicks: 5,
      likes: 1,
      shares: 0,
      mean_dwell_ms: 30_000,
      clicks_per_user: 0.25,
      feed_requests: 20,
      credits: 20,
      vs_control: null,
    });
    expect(variant).toMatchObject({
      name: 'nosports',
      users: 20,
      clicking_users: 12,
      impressions: 80,
      clicks: 13,
      likes: 0,
      shares: 1,
      mean_dwell_ms: 15_000,
      clicks_per_user: 0.65,
      feed_requests: 20,
      credits: 20,
    });
    expect(control.conversion.rate).toBe(0.25);
    expect(control.conversion.low).toBeCloseTo(0.111862, 5);
    expect(control.ctr.rate).toBe(0.0625);
    expect(control.ctr.low).toBeCloseTo(0.013824, 5);
    expect(control.ctr.high).toBeCloseTo(0.111176, 5);
    expect(variant.ctr.rate).toBe(13 / 80);
    expect(variant.vs_control.z).toBeCloseTo(2.238926, 5);
    expect(variant.vs_control.p_value).toBeCloseTo(0.025161, 5);
    expect(variant.vs_control.low).toBeCloseTo(0.06345, 5);
    expect(variant.vs_control.significant).toBe(true);
    expect(results).toMatchObject({ sample_size_met: true, winner: 'nosports', alpha: 0.05 });
    expect(results.daily).toEqual([
      { day: at().slice(0, 10), variant: 'control', impressions: 80, clicks: 5, ctr: 0.0625 },
      { day: at().slice(0, 10), variant: 'nosports', impressions: 80, clicks: 13, ctr: 13 / 80 },
    ]);

    // Promoting the winner links its algorithm to the scenario.
    const promoted = await f.t.admin('POST', `${base}/experiments/${exp.experiment_id}/promote`, {});
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ experiment: { promoted_variant: 'nosports' }, scenario: { algorithm_id: 'nosports' } });
    const after = (await f.feed({ user_id: 'a-0', limit: 20 })).body.items;
    expect(after.some((i: any) => i.category === 'sports')).toBe(false);
  });
});
