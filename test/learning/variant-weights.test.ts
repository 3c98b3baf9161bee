import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { CATEGORY_SOURCES, FIXTURE_ALGORITHM, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

/**
 * An experiment on `home` between two algorithms with learned_weights, configured
 * alike but for the follow weight (0 for `follow-fit`, so its followed items are not
 * put at the top and its readers pass over others above them). Readers of variant `followers` click only
 * items of the source they follow; readers of variant `wanderers` only items of
 * other sources. Fitted per variant, `followers` gives the follow part more than
 * its configured share and `wanderers` less; fitted over the scenario's pooled
 * clicks, both would get one set (docs/learning.md, "Weights fitted to outcomes").
 * While the experiment runs, each variant ranks with its configured weights (or
 * the worse one learns to rank like the better one and no winner is called,
 * docs/experiments.md); promoted, a variant ranks with what it learned.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('weights fitted per experiment variant on %s', (_name, backend) => {
  let f: FeedFixture;
  let trained: { fitted_scenarios: string[]; fitted_weights: { scenario: string; algorithm_id: string }[] };
  let experimentUrl: string;
  const base = () => `/admin/v1/tenants/${f.tenantId}`;
  const previewOf = async (userId: string, algorithmId?: string) => {
    const algorithm = algorithmId === undefined ? '' : `&algorithm_id=${algorithmId}`;
    const res = await f.t.admin('GET', `${base()}/scenarios/home/preview?user_id=${userId}&limit=10${algorithm}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ meta: Meta; items: { id: string; score: number }[] }>();
  };
  const preview = async (algorithmId: string) => (await previewOf('reader-0', algorithmId)).meta;
  /** A new reader's first page, as the feed serves it and as the preview ranks it at the same moment. */
  const newReader = async (userId: string, algorithmId?: string) => {
    await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
    const previewed = await previewOf(userId, algorithmId);
    const served = (await f.feed({ user_id: userId, limit: 10 })).body.items as { id: string; score: number }[];
    return { meta: previewed.meta, previewed: previewed.items.map((i) => [i.id, i.score]), served: served.map((i) => [i.id, i.score]) };
  };
  const share = (weights: Record<string, number>, part: string) => weights[part]! / Object.values(weights).reduce((a, b) => a + b, 0);

  /**
   * Readers from reader-`from` on, each following one source and clicking on its first page the items
   * `clicks` picks, until their examples (each page down to its last click, or whole without one:
   * weight-samples.ts) are enough for a fit (fit-weights.ts's MIN_IMPRESSIONS, with room). Returns
   * the examples and the next reader's number.
   */
  const readers = async (from: number, clicks: (item: { source: { id: string } }, followed: string) => boolean) => {
    const events: Record<string, unknown>[] = [];
    let examples = 0;
    let u = from;
    for (; examples < 400; u++) {
      const userId = `reader-${u}`;
      // Readers arrive over time (the plan's 500 requests a second hold).
      f.t.clock.advance(20);
      const followed = f.sources[CATEGORY_SOURCES[u % CATEGORY_SOURCES.length]!.category]!;
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}/sources/${followed}/follow`);
      const page = (await f.feed({ user_id: userId, limit: 10 })).body.items as { source: { id: string }; tracking_token: string }[];
      const at = new Date(f.t.clock.now()).toISOString();
      const clicked = page.map((item) => clicks(item, followed));
      examples += clicked.includes(true) ? clicked.lastIndexOf(true) + 1 : page.length;
      for (const item of page) {
        const event = { session_id: `s-${userId}`, user_id: userId, tracking_token: item.tracking_token, occurred_at: at };
        events.push({ type: 'impression', ...event });
        if (clicks(item, followed)) events.push({ type: 'click', ...event });
      }
    }
    for (let i = 0; i < events.length; i += 100)
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events: events.slice(i, i + 100) })).statusCode).toBe(202);
    return { examples, next: u };
  };
  const examples = { followers: 0, wanderers: 0 };

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 16 });
    // Set explicitly: this test is about where the examples come from, whatever the default.
    // `follow-fit` with follow weight 0: its followed items are not put at the top, so its readers pass
    // over others above them (the examples are the items above each reader's last click, weight-samples.ts).
    for (const [id, follow] of [
      ['follow-fit', 0],
      ['wander-fit', 0.5],
    ] as const)
      await f.t.admin('PUT', `${base()}/algorithms/${id}`, { ...FIXTURE_ALGORITHM, weights: { follow }, learned_weights: true });
    const created = await f.t.admin('POST', `${base()}/experiments`, {
      scenario: 'home',
      variants: [
        { name: 'followers', algorithm_id: 'follow-fit', share: 1 },
        { name: 'wanderers', algorithm_id: 'wander-fit', share: 0 },
      ],
    });
    expect(created.statusCode).toBe(201);
    experimentUrl = `${base()}/experiments/${created.json().experiment_id}`;
    const followers = await readers(0, (item, followed) => item.source.id === followed);
    examples.followers = followers.examples;
    // New readers go to the other variant; those assigned stay where they are.
    expect((await f.t.admin('PUT', `${experimentUrl}/shares`, { shares: { followers: 0, wanderers: 1 } })).statusCode).toBe(200);
    examples.wanderers = (await readers(followers.next, (item, followed) => item.source.id !== followed)).examples;
    await f.t.processEvents();
    f.t.clock.advance(1000);
    const res = await f.t.admin('POST', `${base()}/model/train`);
    expect(res.statusCode).toBe(200);
    trained = res.json();
  });
  afterAll(() => f.t.close());

  it('fits each variant apart, to the clicks on what its algorithm ranked', async () => {
    expect(trained.fitted_scenarios).toEqual(['home']);
    expect(trained.fitted_weights).toEqual([
      { scenario: 'home', algorithm_id: 'follow-fit' },
      { scenario: 'home', algorithm_id: 'wander-fit' },
    ]);
    const followers = await preview('follow-fit');
    const wanderers = await preview('wander-fit');
    expect(followers.algorithm_id).toBe('follow-fit');
    expect(wanderers.algorithm_id).toBe('wander-fit');
    expect(followers.weights.fitted!.impressions).toBe(examples.followers);
    expect(wanderers.weights.fitted!.impressions).toBe(examples.wanderers);
    expect(share(followers.weights.fitted!.weights, 'follow')).toBeGreaterThan(share(followers.weights.configured, 'follow') + 0.1);
    expect(share(wanderers.weights.fitted!.weights, 'follow')).toBeLessThan(share(wanderers.weights.configured, 'follow'));
  });

  it('ranks each variant with its configured weights while the experiment runs, and says why', async () => {
    for (const id of ['follow-fit', 'wander-fit']) {
      const { weights } = await preview(id);
      expect(weights).toMatchObject({ source: 'configured', reason: 'experiment_running' });
      expect(weights.in_use).toEqual(weights.configured);
      expect(weights.in_use).not.toEqual(weights.fitted!.weights);
    }
    // New readers go to `wanderers` (share 1): the feed serves them the configured ranking.
    const reader = await newReader('newcomer-1', 'wander-fit');
    expect(reader.served).toEqual(reader.previewed);
  });

  it("shows the scenario's own algorithm when none is named, with its own (unfitted) weights", async () => {
    const res = await f.t.admin('GET', `${base()}/scenarios/home/preview?limit=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ algorithm_id: 'main', weights: { source: 'configured', fitted: null } });
  });

  it('answers 400 for an algorithm the tenant does not have', async () => {
    const res = await f.t.admin('GET', `${base()}/scenarios/home/preview?algorithm_id=nope`);
    expect(res.statusCode).toBe(400);
  });

  it('ranks the promoted variant with the weights it learned during the experiment', async () => {
    expect((await f.t.admin('POST', `${experimentUrl}/promote`, { variant: 'wanderers' })).statusCode).toBe(200);
    const after = await newReader('newcomer-2');
    expect(after.meta.algorithm_id).toBe('wander-fit');
    expect(after.meta.weights).toMatchObject({ source: 'fitted', reason: 'fitted' });
    expect(after.meta.weights.in_use).toEqual(after.meta.weights.fitted!.weights);
    expect(after.served).toEqual(after.previewed);
  });
});

interface Weights {
  [part: string]: number;
}
interface Meta {
  algorithm_id: string;
  weights: {
    source: string;
    reason: string;
    in_use: Weights;
    configured: Weights;
    fitted: { weights: Weights; impressions: number } | null;
  };
}
