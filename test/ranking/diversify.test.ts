import { describe, expect, it } from 'vitest';
import { diversify } from '../../src/ranking/diversify.js';
import type { Candidate, RankedItem } from '../../src/ranking/types.js';
import { candidate, config, normalised, worstWindow } from './fixtures.js';

function ranked(id: string, score: number, overrides: Partial<Candidate> = {}): RankedItem {
  return { id, score, candidate: candidate(id, overrides) };
}

const caps = config({ diversity: { lambda: 0.7, max_per_source: 3, max_per_category: 4 } });
const ids = (list: readonly RankedItem[]): string[] => list.map((item) => item.id);

describe('diversify caps', () => {
  // One source and one category own the 100 best scores; 100 weaker items spread over 40 sources, 10 categories.
  const dominated = [
    ...Array.from({ length: 100 }, (_, i) =>
      ranked(`a${String(i).padStart(3, '0')}`, 10 - i / 100, { sourceId: 'src_big', category: 'sports' }),
    ),
    ...Array.from({ length: 100 }, (_, i) =>
      ranked(`o${String(i).padStart(3, '0')}`, 5 - i / 100, { sourceId: `src_${i % 40}`, category: `cat_${i % 10}` }),
    ),
  ];

  it('hold in every run of pageSize items, so any page cut from the list holds them', () => {
    const list = diversify(dominated, 60, caps, 10);
    expect(list).toHaveLength(60);
    expect(new Set(ids(list)).size).toBe(60);
    const worst = worstWindow(list, 10);
    expect(worst.source).toBe(3);
    expect(worst.category).toBeLessThanOrEqual(4);
    // The dominant source still leads each page: caps limit it, they do not bury it.
    expect(list.slice(0, 10).filter((item) => item.candidate.sourceId === 'src_big')).toHaveLength(3);
  });

  it('reach past the MMR pool (4 × limit) for items that fit when the pool cannot', () => {
    const list = diversify(dominated, 20, caps, 10); // pool: the 80 best, all of src_big
    expect(worstWindow(list, 10).source).toBe(3);
    expect(list.filter((item) => item.id.startsWith('o')).length).toBeGreaterThanOrEqual(14);
  });

  it('relax only where the pool cannot fill a page, and the category cap still holds then', () => {
    // Two sources cannot fill a page of 10 at 3 per source; three categories can at 4 per category.
    const uniform = Array.from({ length: 40 }, (_, i) =>
      ranked(`u${String(i).padStart(2, '0')}`, 10 - i / 10, { sourceId: `src_${i % 2}`, category: `cat_${i % 3}` }),
    );
    const list = diversify(uniform, 30, caps, 10);
    expect(list).toHaveLength(30);
    expect(worstWindow(list, 10)).toEqual({ source: 5, category: 4 });
    expect(worstWindow(list.slice(0, 6), 10).source).toBe(3); // strict until the caps run dry
  });

  it('give up the category cap before the source cap when one must go', () => {
    // Ten strong items of one source (ten categories), ten weaker of one category (ten sources):
    // after 3 + 4 strict picks every candidate breaks one cap.
    const items = [
      ...Array.from({ length: 10 }, (_, i) => ranked(`s${i}`, 10 - i / 10, { sourceId: 'src_one', category: `cat_${i}` })),
      ...Array.from({ length: 10 }, (_, i) => ranked(`k${i}`, 5 - i / 10, { sourceId: `src_${i}`, category: 'one' })),
    ];
    const list = diversify(items, 10, caps, 10);
    expect(worstWindow(list, 10)).toEqual({ source: 3, category: 7 });
  });

  it('return everything for a single-source pool rather than fewer items', () => {
    const single = Array.from({ length: 12 }, (_, i) =>
      ranked(`s${String(i).padStart(2, '0')}`, 1 - i / 100, { sourceId: 'src_only', category: `cat_${i % 4}` }),
    );
    expect(diversify(single, 20, caps, 10)).toHaveLength(12);
  });

  it('treat uncategorised items as one category', () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      ranked(`n${String(i).padStart(2, '0')}`, 3 - i / 10, { sourceId: `src_${i}`, category: i < 20 ? null : `cat_${i}` }),
    );
    const list = diversify(items, 10, config({ diversity: { lambda: 1, max_per_source: 3, max_per_category: 4 } }), 10);
    expect(list.filter((item) => item.candidate.category === null)).toHaveLength(4);
  });
});

describe('diversify MMR', () => {
  const x = normalised(Float32Array.from({ length: 256 }, (_, i) => (i % 2 === 0 ? 1 : 0)));
  const y = normalised(Float32Array.from({ length: 256 }, (_, i) => (i % 2 === 1 ? 1 : 0)));
  const loose = (lambda: number) => config({ diversity: { lambda, max_per_source: 100, max_per_category: 100 } });
  const filler = Array.from({ length: 10 }, (_, i) => ranked(`z${i}`, 0, { vector: null, sourceId: `src_z${i}`, category: `z${i}` }));

  it('separates near-duplicates: a different item moves up between them', () => {
    const items = [
      ranked('dup1', 1, { vector: x, sourceId: 's1' }),
      ranked('dup2', 0.99, { vector: x, sourceId: 's2' }),
      ranked('other', 0.9, { vector: y, sourceId: 's3' }),
      ...filler,
    ];
    expect(ids(diversify(items, 3, loose(0.7), 10))).toEqual(['dup1', 'other', 'dup2']);
    expect(ids(diversify(items, 3, loose(1), 10))).toEqual(['dup1', 'dup2', 'other']);
  });

  it('is not squeezed by an item far above the rest: the others keep their page', () => {
    // Ten items on one topic (pairwise cosine 0.5) above thirty unlike ones, as a reader's topic
    // ranks; then one more item scoring far above all (a large collaborative part, say).
    const unit = (i: number) => Float32Array.from({ length: 256 }, (_, d) => (d === 2 * i + 1 ? 1 : 0));
    const topic = (i: number) => normalised(Float32Array.from(x, (v, d) => v + (unit(i)[d] as number)));
    const rest = [
      ...Array.from({ length: 10 }, (_, i) => ranked(`on${i}`, 1 - i / 100, { vector: topic(i), sourceId: `s${i}` })),
      ...Array.from({ length: 30 }, (_, i) =>
        ranked(`off${String(i).padStart(2, '0')}`, 0.85 - i / 100, { vector: unit(20 + i), sourceId: `t${i}` }),
      ),
    ];
    const outlier = ranked('far', 3, { vector: unit(60), sourceId: 'far' });
    const page = ids(diversify(rest, 10, loose(0.7), 10));
    const pageBelowOutlier = ids(diversify([outlier, ...rest], 10, loose(0.7), 10));
    expect(pageBelowOutlier[0]).toBe('far');
    expect(page.filter((id) => id.startsWith('on')).length).toBeGreaterThanOrEqual(8);
    // The scale is not the outlier's: the rest of the page is as without it.
    expect(pageBelowOutlier.slice(1)).toEqual(page.slice(0, 9));
  });

  it('measures similarity within the page window only', () => {
    const items = [ranked('dup1', 1, { vector: x }), ranked('dup2', 0.99, { vector: x }), ranked('other', 0.9, { vector: y }), ...filler];
    // With a window of 1 nothing is "already on the page": score order.
    expect(ids(diversify(items, 3, loose(0.7), 1))).toEqual(['dup1', 'dup2', 'other']);
  });

  it('counts a shared source and category as similarity when vectors are missing', () => {
    const items = [
      ranked('same1', 1, { sourceId: 's1', category: 'c1' }),
      ranked('same2', 0.99, { sourceId: 's1', category: 'c1' }),
      ranked('different', 0.9, { sourceId: 's2', category: 'c2' }),
      ...filler,
    ];
    expect(ids(diversify(items, 3, loose(0.7), 10))).toEqual(['same1', 'different', 'same2']);
  });

  it('breaks ties by id and does not depend on the input order', () => {
    const items = ['c', 'a', 'd', 'b'].map((id, i) => ranked(id, 1, { sourceId: `s${i}`, category: `k${i}` }));
    expect(ids(diversify(items, 4, loose(0.7), 10))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(diversify(items.slice().reverse(), 4, loose(0.7), 10))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns at most limit items and nothing for limit 0', () => {
    expect(diversify(filler, 4, loose(0.7), 10)).toHaveLength(4);
    expect(diversify(filler, 0, loose(0.7), 10)).toEqual([]);
    expect(diversify([], 10, loose(0.7), 10)).toEqual([]);
  });
});
