import { describe, expect, it } from 'vitest';
import { rankedAt, rankedItems, rankedList } from '../../src/feed/ranked-list.js';
import type { Ranked } from '../../src/feed/ranking-engine.js';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

describe('RankedList', () => {
  it('gives back every item as ranked: id, score, source and the components a tracking token carries', () => {
    const items: Ranked[] = [
      { id: 'a', score: 0.123456, sourceId: 's1', components: [0.731, -0.25, 1, 0.5, 0, 1].map(round3) },
      { id: 'b', score: 0.1, sourceId: 's2', components: [-1, 0.999, 0.001, 0.333, 0.6, 0] },
    ];
    const list = rankedList(items);
    expect(rankedItems(list)).toEqual(items);
    // The very numbers, not near ones: a token's features are compared and fitted as sent.
    expect(rankedAt(list, 0).components![0]).toBe(0.731);
    expect(rankedAt(list, 1).components![3]).toBe(0.333);
  });

  it('keeps no components when an item has none (a snapshot read back from Redis)', () => {
    const list = rankedList([{ id: 'a', score: 0.5, sourceId: 's1' }]);
    expect(list.components).toBeNull();
    expect(rankedAt(list, 0)).toEqual({ id: 'a', score: 0.5, sourceId: 's1' });
  });
});
