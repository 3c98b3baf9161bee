import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../src/ranking/profile.js';
import { NEW_ITEM_MAX_IMPRESSIONS, rank } from '../../src/ranking/rank.js';
import type { Candidate, RankedItem } from '../../src/ranking/types.js';
import { candidate, config, context, NOW, pool, worstWindow } from './fixtures.js';

const candidates = pool(600);
const noExploration = config({ exploration: 0 });
const ids = (list: readonly RankedItem[]): string[] => list.map((item) => item.id);
const share = (list: readonly RankedItem[], category: string): number =>
  list.filter((item) => item.candidate.category === category).length / list.length;

function clickedProfile(clicked: Candidate[], followed: string[] = []) {
  return buildProfile({
    signals: clicked.map((c) => ({
      vector: c.vector,
      category: c.category,
      sourceId: c.sourceId,
      clicks: 1,
      likes: 0,
      dislikes: 0,
      shares: 0,
      dwellMs: 20_000,
      impressions: 1,
      lastAt: NOW,
    })),
    interestVector: null,
    followedSources: followed,
    now: NOW,
  });
}

describe('rank', () => {
  it('puts a clicked category first while MMR and the caps keep others on every page', () => {
    const sports = candidates.filter((c) => c.category === 'sports');
    const profile = clickedProfile(sports.slice(0, 10));
    const list = rank(candidates, context({ profile, config: noExploration }), { limit: 100, pageSize: 10 });
    const generic = rank(candidates, context({ config: noExploration }), { limit: 100, pageSize: 10 });
    expect(share(list, 'sports')).toBeGreaterThan(2 * share(generic, 'sports'));
    for (let page = 0; page < 10; page++) {
      const items = list.slice(page * 10, page * 10 + 10);
      const counts = new Map<string, number>();
      for (const item of items) counts.set(item.candidate.category ?? '', (counts.get(item.candidate.category ?? '') ?? 0) + 1);
      expect(Math.max(...counts.values())).toBe(counts.get('sports')); // sports leads the page…
      expect(counts.size).toBeGreaterThanOrEqual(3); // …but does not fill it
    }
    expect(worstWindow(list, 10).source).toBeLessThanOrEqual(3);
    expect(worstWindow(list, 10).category).toBeLessThanOrEqual(4);
  });

  it('ranks an item of a followed source above where it stands without the follow', () => {
    const target = candidates[300] as Candidate;
    const position = (followed: string[]): number =>
      ids(
        rank(candidates, context({ profile: clickedProfile([], followed), config: noExploration }), { limit: 600, pageSize: 20 }),
      ).indexOf(target.id);
    expect(position([target.sourceId])).toBeLessThan(position([]));
  });

  it('is deterministic: the same inputs and seed give the same list', () => {
    const ctx = context({ seed: 42 });
    const first = rank(candidates, ctx, { limit: 200, pageSize: 20 });
    expect(ids(rank(candidates.slice().reverse(), ctx, { limit: 200, pageSize: 20 }))).toEqual(ids(first));
  });

  it('lets the seed change the exploration picks only', () => {
    const lists = [1, 2, 3, 4].map((seed) =>
      rank(candidates, context({ seed, config: config({ exploration: 0.1 }) }), { limit: 100, pageSize: 10 }),
    );
    const ranked = lists.map((list) => ids(list.filter((item) => item.exploration !== true)));
    const shortest = Math.min(...ranked.map((r) => r.length));
    for (const r of ranked) expect(r.slice(0, shortest)).toEqual((ranked[0] as string[]).slice(0, shortest));
    const picks = new Set(lists.map((list) => ids(list.filter((item) => item.exploration === true)).join(',')));
    expect(picks.size).toBeGreaterThan(1);
  });

  it('gives the exploration share of slots to new items the ranking would not have shown', () => {
    const limit = 200;
    const main = new Set(ids(rank(candidates, context({ config: noExploration }), { limit, pageSize: 20 })));
    const list = rank(candidates, context({ config: config({ exploration: 0.1 }) }), { limit, pageSize: 20 });
    const picks = list.filter((item) => item.exploration === true);
    expect(list).toHaveLength(limit);
    expect(picks).toHaveLength(20);
    for (const pick of picks) {
      expect(pick.candidate.impressions).toBeLessThan(NEW_ITEM_MAX_IMPRESSIONS);
      expect(main.has(pick.id)).toBe(false);
    }
    expect(list[0]?.exploration).toBeUndefined();
    // One pick per block of 10 positions, and the page caps still hold around them.
    for (let block = 0; block < 20; block++)
      expect(list.slice(block * 10, block * 10 + 10).filter((i) => i.exploration === true).length).toBeLessThanOrEqual(2);
    expect(worstWindow(list, 20).source).toBeLessThanOrEqual(3);
    expect(worstWindow(list, 20).category).toBeLessThanOrEqual(4);
    expect(new Set(ids(list)).size).toBe(limit);
  });

  it('still fills the exploration slots when the best new items all belong to a capped category', () => {
    // With a sports profile the best unserved new items are sports, which the category cap keeps out.
    const profile = clickedProfile(candidates.filter((c) => c.category === 'sports').slice(0, 10));
    const list = rank(candidates, context({ profile, config: config({ exploration: 0.05 }) }), { limit: 40, pageSize: 10 });
    const picks = list.filter((item) => item.exploration === true);
    expect(picks).toHaveLength(2);
    expect(worstWindow(list, 10).category).toBeLessThanOrEqual(4);
  });

  it('keeps the exploration share in a one-source pool, where no pick can fit the caps', () => {
    const single = candidates.slice(0, 200).map((c) => ({ ...c, sourceId: 'src_only' }));
    const list = rank(single, context({ config: config({ exploration: 0.1 }) }), { limit: 40, pageSize: 10 });
    expect(list).toHaveLength(40);
    expect(list.filter((item) => item.exploration === true)).toHaveLength(4);
    expect(worstWindow(list, 10).category).toBeLessThanOrEqual(4);
  });

  it('rounds the share: 5 % of 20 slots is one pick, 0 % none', () => {
    const count = (exploration: number): number =>
      rank(candidates, context({ config: config({ exploration }) }), { limit: 20, pageSize: 20 }).filter(
        (item) => item.exploration === true,
      ).length;
    expect(count(0.05)).toBe(1);
    expect(count(0)).toBe(0);
  });

  it('returns every candidate once when there are fewer than the limit, ties in id order', () => {
    const few = ['d', 'b', 'a', 'c'].map((id, i) => candidate(id, { sourceId: `s${i}`, category: `k${i}` }));
    expect(ids(rank(few, context({ config: noExploration }), { limit: 10, pageSize: 10 }))).toEqual(['a', 'b', 'c', 'd']);
    expect(rank(few, context(), { limit: 10, pageSize: 10 })).toHaveLength(4);
    expect(rank([], context(), { limit: 10, pageSize: 10 })).toEqual([]);
  });
});
