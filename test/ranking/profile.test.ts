import { describe, expect, it } from 'vitest';
import { buildProfile, type ItemSignal } from '../../src/ranking/profile.js';
import { dot, scoreCandidate } from '../../src/ranking/score.js';
import { candidate, context, HOUR, NOW, topicVectors } from './fixtures.js';

const DAY = 24 * HOUR;
const vectorOf = topicVectors(8, 3);

function signal(overrides: Partial<ItemSignal> = {}): ItemSignal {
  return {
    vector: null,
    category: null,
    sourceId: 'src_a',
    clicks: 0,
    likes: 0,
    dislikes: 0,
    shares: 0,
    dwellMs: 0,
    impressions: 1,
    lastAt: NOW - HOUR,
    ...overrides,
  };
}

const build = (signals: ItemSignal[], interestVector: Float32Array | null = null) =>
  buildProfile({ signals, interestVector, followedSources: [], now: NOW });

describe('buildProfile', () => {
  it('gives a new user no vector, no affinities and no evidence', () => {
    const p = buildProfile({ signals: [], interestVector: null, followedSources: ['src_x'], now: NOW });
    expect(p).toMatchObject({ vector: null, evidence: 0 });
    expect(p.categoryAffinity.size).toBe(0);
    expect([...p.followedSources]).toEqual(['src_x']);
  });

  it('pulls the vector and the category/source affinities towards clicked items', () => {
    const p = build([0, 1, 2].map(() => signal({ vector: vectorOf(0), category: 'sports', sourceId: 'src_s', clicks: 1 })));
    expect(p.vector).not.toBeNull();
    const v = p.vector as Float32Array;
    expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(dot(v, vectorOf(0))).toBeGreaterThan(0.6);
    expect(Math.abs(dot(v, vectorOf(1)))).toBeLessThan(0.2);
    expect(p.categoryAffinity.get('sports')).toBeCloseTo(Math.tanh(1), 2);
    expect(p.sourceAffinity.get('src_s')).toBeGreaterThan(0);
    expect(p.evidence).toBeGreaterThan(2.9);
  });

  it('weighs likes, shares and dwell above a bare click, and caps repeated clicks', () => {
    const affinity = (s: Partial<ItemSignal>): number => build([signal({ category: 'c', ...s })]).categoryAffinity.get('c') ?? 0;
    const click = affinity({ clicks: 1 });
    expect(affinity({ clicks: 1, likes: 1 })).toBeGreaterThan(click);
    expect(affinity({ clicks: 1, shares: 1 })).toBeGreaterThan(affinity({ clicks: 1, likes: 1 }));
    expect(affinity({ clicks: 1, dwellMs: 60_000 })).toBeGreaterThan(click);
    expect(affinity({ clicks: 100 })).toBeCloseTo(affinity({ clicks: 3 }), 12);
  });

  it('pushes away from disliked items, and slightly from items shown and never clicked', () => {
    const politics = vectorOf(2);
    const p = build([
      signal({ vector: politics, category: 'politics', sourceId: 'src_p', dislikes: 1 }),
      signal({ category: 'world', impressions: 4 }),
    ]);
    expect(dot(p.vector as Float32Array, politics)).toBeCloseTo(-1, 5);
    expect(dot(p.vector as Float32Array, vectorOf(2))).toBeLessThan(-0.3);
    expect(p.categoryAffinity.get('politics')).toBeLessThan(-0.5);
    expect(p.sourceAffinity.get('src_p')).toBeLessThan(-0.5);
    const ignored = p.categoryAffinity.get('world') ?? 0;
    expect(ignored).toBeLessThan(0);
    expect(ignored).toBeGreaterThan(-0.3);
  });

  it('lets dislikes push an item down the ranking', () => {
    const disliked = build([signal({ vector: vectorOf(2), category: 'politics', dislikes: 1 })]);
    const neutral = build([signal({ vector: vectorOf(5), category: 'gourmet', clicks: 1 })]);
    const item = candidate('x', { vector: vectorOf(2), category: 'politics' });
    expect(scoreCandidate(item, context({ profile: disliked }))).toBeLessThan(scoreCandidate(item, context({ profile: neutral })));
    expect(scoreCandidate(item, context({ profile: disliked }))).toBeLessThan(scoreCandidate(item, context()));
  });

  it('weighs recent signals above old ones (half-life 14 days)', () => {
    const p = build([signal({ category: 'new', clicks: 1, lastAt: NOW }), signal({ category: 'old', clicks: 1, lastAt: NOW - 14 * DAY })]);
    expect(p.categoryAffinity.get('old')).toBeCloseTo(Math.tanh(0.5 / 3), 6);
    expect(p.categoryAffinity.get('new') as number).toBeGreaterThan(p.categoryAffinity.get('old') as number);
  });

  it('seeds the vector from interests, which lead for a new user and fade as clicks add up', () => {
    const interest = vectorOf(4);
    expect(dot(build([], interest).vector as Float32Array, interest)).toBeCloseTo(1, 5);
    const fewClicks = build([signal({ vector: vectorOf(6), clicks: 1 })], interest);
    const manyClicks = build(
      Array.from({ length: 20 }, () => signal({ vector: vectorOf(6), clicks: 1 })),
      interest,
    );
    expect(dot(fewClicks.vector as Float32Array, interest)).toBeGreaterThan(dot(fewClicks.vector as Float32Array, vectorOf(6)));
    expect(dot(manyClicks.vector as Float32Array, interest)).toBeLessThan(0.3);
  });
});
