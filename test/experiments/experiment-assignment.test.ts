import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperimentArms } from '../../src/experiments/experiment-arms.js';
import { findExperiment } from '../../src/experiments/experiment-repo.js';
import { hashedVariant } from '../../src/experiments/assign-variant.js';
import type { Variant } from '../../src/experiments/experiment.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { downloadLines, runJob } from '../helpers/push.js';
import { tablesContaining } from '../helpers/scan-database.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The share of `n` users a variant of share `p` gets stays within 4 standard deviations (seeded ids: the same every run). */
const withinSamplingError = (count: number, n: number, p: number) => Math.abs(count - n * p) <= 4 * Math.sqrt(n * p * (1 - p));

describe('assignment by hash (pure)', () => {
  it('splits 10,000 seeded users by the shares, the same on every call', () => {
    const variants: Variant[] = [
      { name: 'a', algorithmId: 'a', share: 0.2 },
      { name: 'b', algorithmId: 'b', share: 0.3 },
      { name: 'c', algorithmId: 'c', share: 0.5 },
    ];
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const v = hashedVariant('ten_1', 'exp_1', variants, `user:user-${i}`);
      expect(hashedVariant('ten_1', 'exp_1', variants, `user:user-${i}`)).toBe(v);
      counts.set(v.name, (counts.get(v.name) ?? 0) + 1);
    }
    for (const v of variants)
      expect(withinSamplingError(counts.get(v.name) ?? 0, 10_000, v.share), `${v.name}: ${counts.get(v.name)}`).toBe(true);
    // Another experiment splits the same users independently.
    const again = [...Array(1000).keys()].filter(
      (i) =>
        hashedVariant('ten_1', 'exp_2', variants, `user:user-${i}`).name ===
        hashedVariant('ten_1', 'exp_1', variants, `user:user-${i}`).name,
    ).length;
    expect(again).toBeLessThan(500);
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('experiment assignment on %s', (_name, backend) => {
  let f: FeedFixture;
  let base: string;
  let experimentId: string;
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await backend.create();
    f = await startFeedFixture({ database: { url: database.url, drop: async () => {} }, perSource: 4 });
    base = `/admin/v1/tenants/${f.tenantId}`;
    // The variant leaves sports out: who was served by which algorithm shows in the items.
    await f.t.admin('PUT', `${base}/algorithms/nosports`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
      exclude_categories: ['sports'],
    });
    const exp = await f.t.admin('POST', `${base}/experiments`, {
      scenario: 'home',
      variants: [
        { name: 'control', algorithm_id: 'main', share: 0.5 },
        { name: 'nosports', algorithm_id: 'nosports', share: 0.5 },
      ],
    });
    expect(exp.statusCode, exp.body).toBe(201);
    experimentId = exp.json().experiment_id;
  });
  afterAll(async () => {
    await f.t.close();
    await database.drop();
  });

  /** The variant a page was served by, read from its tokens (all of a page's agree). */
  const servedVariant = (t: TestApp, body: any): string | null => {
    const variants = new Set(body.items.map((i: any) => t.deps.tokens.verify(i.tracking_token)?.experiment?.variant ?? null));
    expect(variants.size).toBe(1);
    return [...variants][0] as string | null;
  };
  const feedOf = async (t: TestApp, query: Record<string, string>) => {
    const res = await t.api(f.key, 'GET', `/v1/feed?${new URLSearchParams({ scenario: 'home', limit: '10', ...query }).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const users = Array.from({ length: 30 }, (_, i) => `reader-${i}`);

  it("serves each user the variant's algorithm, the same variant at every request, on a restarted node and on a second node", async () => {
    const first = new Map<string, string>();
    for (const user of users) {
      const body = await feedOf(f.t, { user_id: user });
      const variant = servedVariant(f.t, body)!;
      first.set(user, variant);
      const sports = body.items.filter((i: any) => i.category === 'sports').length;
      if (variant === 'nosports') expect(sports).toBe(0);
      else expect(sports).toBeGreaterThan(0);
      expect(servedVariant(f.t, await feedOf(f.t, { user_id: user }))).toBe(variant);
    }
    expect(new Set(first.values())).toEqual(new Set(['control', 'nosports']));

    // A second node on the same database, with nothing cached, gives the same answers.
    const other = await startTestApp({ database: { url: database.url, drop: async () => {} }, clock: f.t.clock });
    try {
      for (const user of users) expect(servedVariant(other, await feedOf(other, { user_id: user }))).toBe(first.get(user));
    } finally {
      await other.close();
    }
    // So does a node started after this one stops (a restart).
    await f.t.close();
    f.t = await startTestApp({ database: { url: database.url, drop: async () => {} }, clock: f.t.clock });
    for (const user of users) expect(servedVariant(f.t, await feedOf(f.t, { user_id: user }))).toBe(first.get(user));
  });

  it('new shares move nobody already assigned; reassign places everyone by the new shares', async () => {
    const before = new Map<string, string>();
    for (const user of users) before.set(user, servedVariant(f.t, await feedOf(f.t, { user_id: user }))!);
    const url = `${base}/experiments/${experimentId}/shares`;
    expect((await f.t.admin('PUT', url, { shares: { control: 1, nosports: 0 } })).statusCode).toBe(200);
    for (const user of users) expect(servedVariant(f.t, await feedOf(f.t, { user_id: user }))).toBe(before.get(user));
    // Users not assigned yet follow the new shares.
    for (let i = 0; i < 10; i++) expect(servedVariant(f.t, await feedOf(f.t, { user_id: `late-${i}` }))).toBe('control');

    expect((await f.t.admin('PUT', url, { shares: { control: 0, nosports: 1 }, reassign: true })).statusCode).toBe(200);
    for (const user of [...users, 'late-0']) expect(servedVariant(f.t, await feedOf(f.t, { user_id: user }))).toBe('nosports');
    expect((await f.t.admin('PUT', url, { shares: { control: 0.5, nosports: 0.5 }, reassign: true })).statusCode).toBe(200);
  });

  it("assigns anonymous requests one by one, and keeps a cursor chain in its first page's variant", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const first = await feedOf(f.t, { limit: '5' });
      const variant = servedVariant(f.t, first)!;
      seen.add(variant);
      if (i < 5 && first.meta.next_cursor) {
        const next = await feedOf(f.t, { limit: '5', cursor: first.meta.next_cursor });
        if (next.items.length > 0) expect(servedVariant(f.t, next)).toBe(variant);
      }
    }
    expect(seen).toEqual(new Set(['control', 'nosports']));
  });

  it("DELETE /v1/users/{id} erases the user's assignments too", async () => {
    const userId = 'erase-assigned-4c1d';
    expect((await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} })).statusCode).toBe(201);
    servedVariant(f.t, await feedOf(f.t, { user_id: userId }));
    expect((await tablesContaining(f.t, userId)).sort()).toEqual(['experiment_assignments', 'users']);
    expect((await f.t.api(f.key, 'DELETE', `/v1/users/${userId}`)).statusCode).toBe(204);
    expect(await tablesContaining(f.t, userId)).toEqual([]);
  });

  it('holds the shares within sampling error over 10,000 users, each stored once', async () => {
    const experiment = (await findExperiment(f.t.deps.db, f.tenantId, experimentId))!;
    const skewed = {
      ...experiment,
      variants: [
        { ...experiment.variants[0]!, share: 0.3 },
        { ...experiment.variants[1]!, share: 0.7 },
      ],
    };
    const arms = new ExperimentArms(f.t.deps.db, f.t.clock);
    const ids = Array.from({ length: 10_000 }, (_, i) => `seeded-${i}`);
    const assigned = await arms.assignUsers(skewed, ids);
    const control = [...assigned.values()].filter((v) => v.name === 'control').length;
    expect(withinSamplingError(control, 10_000, 0.3), String(control)).toBe(true);
    // Read back by a fresh instance (nothing cached): the stored rows answer.
    const again = await new ExperimentArms(f.t.deps.db, f.t.clock).assignUsers(experiment, ids.slice(0, 500));
    for (const id of ids.slice(0, 500)) expect(again.get(id)!.name).toBe(assigned.get(id)!.name);
  });

  it("a push job splits its users by the same assignment and ranks each with the variant's algorithm", async () => {
    await f.t.admin('PUT', `${base}/algorithms/sports`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
      include_categories: ['sports'],
    });
    const pushExp = await f.t.admin('POST', `${base}/experiments`, {
      scenario: 'daily',
      variants: [
        { name: 'control', algorithm_id: 'main', share: 0.5 },
        { name: 'sports', algorithm_id: 'sports', share: 0.5 },
      ],
    });
    expect(pushExp.statusCode, pushExp.body).toBe(201);
    const pushUsers = Array.from({ length: 24 }, (_, i) => `pushed-${i}`);
    for (const user of pushUsers) await f.t.api(f.key, 'PUT', `/v1/users/${user}`, { properties: {} });
    const lines = await downloadLines(
      f.t,
      await runJob(f.t, f.key, { scenario: 'daily', candidates_per_user: 3, target_mode: 'manual', user_ids: pushUsers }),
    );
    expect(lines).toHaveLength(pushUsers.length);
    const experiment = (await findExperiment(f.t.deps.db, f.tenantId, pushExp.json().experiment_id))!;
    const stored = await new ExperimentArms(f.t.deps.db, f.t.clock).assignUsers(experiment, pushUsers);
    const perVariant = new Map<string, number>();
    for (const line of lines) {
      const variants = new Set(line.candidates.map((c) => JSON.stringify(f.t.deps.tokens.verify(c.tracking_token)!.experiment)));
      expect(variants.size).toBe(1);
      const served = JSON.parse([...variants][0]!) as { id: string; variant: string };
      expect(served).toEqual({ id: experiment.id, variant: stored.get(line.user_id)!.name });
      if (served.variant === 'sports') expect(line.candidates.every((c) => c.category === 'sports')).toBe(true);
      perVariant.set(served.variant, (perVariant.get(served.variant) ?? 0) + 1);
    }
    expect(new Set(perVariant.keys())).toEqual(new Set(['control', 'sports']));
    // Control ranks every category: the split shows in the items.
    expect(lines.some((l) => l.candidates.some((c) => c.category !== 'sports'))).toBe(true);

    // One push click per variant: push engagement is counted for the variant that pushed it.
    const clicked = new Map<string, string>();
    for (const line of lines) {
      const variant = f.t.deps.tokens.verify(line.candidates[0]!.tracking_token)!.experiment!.variant;
      if (clicked.has(variant)) continue;
      clicked.set(variant, line.user_id);
      const click = {
        type: 'click',
        session_id: `s-${line.user_id}`,
        user_id: line.user_id,
        tracking_token: line.candidates[0]!.tracking_token,
        occurred_at: new Date(f.t.clock.now()).toISOString(),
      };
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events: [click] })).statusCode).toBe(202);
    }
    const results = (await f.t.admin('GET', `${base}/experiments/${experiment.id}`)).json().results;
    for (const v of results.variants) {
      expect(v.push_users).toBe(perVariant.get(v.name));
      expect(v.credits).toBe(perVariant.get(v.name)! * 0.5);
      expect(v.users).toBe(perVariant.get(v.name));
      expect(v.push_clicks).toBe(1);
      expect(v.push_engagement).toBeCloseTo(1 / perVariant.get(v.name)!, 10);
      expect(v.clicking_users).toBe(1);
    }
  });
});
