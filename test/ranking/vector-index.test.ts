import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { VectorIndex, type VectorHit } from '../../src/ranking/vector-index.js';

type Gaussian = () => number;

function gaussian(seed: number): Gaussian {
  const random = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** `base` plus Gaussian noise of expected length `noise`, normalised. */
function unit(dim: number, g: Gaussian, base?: Float32Array, noise = 1): Float32Array {
  const v = new Float32Array(dim);
  let norm = 0;
  for (let d = 0; d < dim; d++) {
    v[d] = (base ? (base[d] as number) : 0) + (noise / Math.sqrt(dim)) * g();
    norm += (v[d] as number) ** 2;
  }
  return v.map((x) => x / Math.sqrt(norm));
}

/** n unit vectors around `topics` random centres: similar within a topic, ~orthogonal across. */
function clustered(n: number, dim: number, topics: number, seed: number): Float32Array[] {
  const g = gaussian(seed);
  const centres = Array.from({ length: topics }, () => unit(dim, g));
  return Array.from({ length: n }, (_, i) => unit(dim, g, centres[i % topics], 1.2));
}

function randomVectors(n: number, dim: number, seed: number): Float32Array[] {
  const g = gaussian(seed);
  return Array.from({ length: n }, () => unit(dim, g));
}

/** The reference: every vector scored, sorted by similarity then id. */
function bruteForce(pool: Map<string, Float32Array>, q: Float32Array, k: number, accept?: (id: string) => boolean): VectorHit[] {
  const hits: VectorHit[] = [];
  for (const [id, v] of pool) {
    if (accept && !accept(id)) continue;
    let s = 0;
    for (let d = 0; d < q.length; d++) s += (q[d] as number) * (v[d] as number);
    hits.push({ id, similarity: s });
  }
  hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1));
  return hits.slice(0, k);
}

function build(vectors: Float32Array[], options: Partial<ConstructorParameters<typeof VectorIndex>[0]> = {}) {
  const dimensions = (vectors[0] as Float32Array).length;
  const index = new VectorIndex({ dimensions, seed: 3, ...options });
  const pool = new Map<string, Float32Array>();
  vectors.forEach((v, i) => {
    index.add(`c${i}`, v);
    pool.set(`c${i}`, v);
  });
  return { index, pool };
}

const ids = (hits: VectorHit[]) => hits.map((h) => h.id);

function recallAt(k: number, index: VectorIndex, pool: Map<string, Float32Array>, queries: Float32Array[]): number {
  let found = 0;
  for (const q of queries) {
    const truth = new Set(ids(bruteForce(pool, q, k)));
    found += index.search(q, k).filter((h) => truth.has(h.id)).length;
  }
  return found / (k * queries.length);
}

describe('VectorIndex below the training size', () => {
  it('returns the exact top k, best first, with dot-product similarities', () => {
    const { index, pool } = build(randomVectors(500, 32, 1));
    for (const q of randomVectors(10, 32, 2)) {
      expect(index.search(q, 15)).toEqual(bruteForce(pool, q, 15));
    }
    expect(index.stats().lists).toBe(1);
  });

  it('orders equal similarities by id and answers k beyond the size with everything', () => {
    const [v] = randomVectors(1, 8, 3) as [Float32Array];
    const index = new VectorIndex({ dimensions: 8 });
    for (const id of ['b', 'c', 'a']) index.add(id, v);
    expect(ids(index.search(v, 10))).toEqual(['a', 'b', 'c']);
    expect(ids(index.search(v, 2))).toEqual(['a', 'b']);
    expect(index.search(v, 0)).toEqual([]);
  });
});

describe('VectorIndex after training', () => {
  const vectors = clustered(6_000, 64, 60, 4);
  const queries = Array.from({ length: 40 }, (_, i) => unit(64, gaussian(50 + i), vectors[i * 97], 0.5));

  it('trains on the first search at 2,000 vectors and keeps recall@20 ≥ 0.9 against brute force', () => {
    const { index, pool } = build(vectors);
    expect(index.stats().trainedAt).toBe(0);
    const r = recallAt(20, index, pool, queries);
    expect(index.stats().trainedAt).toBe(6_000);
    expect(index.stats().lists).toBeGreaterThan(60); // ≈ √6,000 = 77
    expect(r).toBeGreaterThanOrEqual(0.9);
  });

  it('scans fewer lists than it has, yet every list when probes covers them all gives the exact answer', () => {
    const { index, pool } = build(vectors, { probes: 1 });
    const narrow = recallAt(50, index, pool, queries);
    index.probes = index.stats().lists;
    for (const q of queries.slice(0, 5)) expect(index.search(q, 50)).toEqual(bruteForce(pool, q, 50));
    expect(narrow).toBeLessThan(1);
  });

  it('reflects adds, replacements and removals, including vectors moved by a removal', () => {
    const { index, pool } = build(vectors);
    const q = queries[0] as Float32Array;
    index.search(q, 1); // trains
    index.add('new', q);
    expect(index.search(q, 1)).toEqual([{ id: 'new', similarity: expect.closeTo(1, 5) }]);
    const far = q.map((x) => -x);
    index.add('new', far);
    expect(index.size).toBe(6_001);
    expect(ids(index.search(q, 20))).not.toContain('new');
    expect(ids(index.search(far, 1))).toEqual(['new']);
    index.remove('new');
    expect(index.has('new')).toBe(false);
    expect(ids(index.search(far, 20))).not.toContain('new');

    // Remove every third vector: each removal moves another into the freed slot.
    for (let i = 0; i < 6_000; i += 3) {
      index.remove(`c${i}`);
      pool.delete(`c${i}`);
    }
    expect(index.size).toBe(4_000);
    index.probes = index.stats().lists;
    for (const query of queries.slice(0, 5)) expect(index.search(query, 30)).toEqual(bruteForce(pool, query, 30));
  });

  it('answers exactly among near-ties its int16 codes cannot tell apart', () => {
    // Neighbours closer together than a code step: the scan cannot order them, the exact scores must.
    const g = gaussian(77);
    const base = unit(64, g);
    const near = Array.from({ length: 2_500 }, (_, i) => base.map((x, d) => x + (d === i % 64 ? 1e-6 * (i % 7) : 0)));
    const { index, pool } = build([...near, ...vectors.slice(0, 2_500)]);
    index.probes = index.stats().lists;
    for (const k of [1, 20, 300]) expect(index.search(base, k)).toEqual(bruteForce(pool, base, k));
  });

  it('asks the filter about the rows in reach of the answer, best first, not every row above a first low bar', () => {
    const { index } = build(vectors, { probes: 4 });
    let asked = 0;
    for (const query of queries.slice(0, 10)) {
      const hits = index.search(query, 50, () => (asked++, true));
      expect(ids(hits)).toEqual(ids(index.search(query, 50)));
    }
    // 720 here; in list order (the first list's first 50 rows setting the bar) 943.
    expect(asked).toBeLessThan(1.5 * 50 * 10);
  });

  it('gives the filter the payload each vector was added with', () => {
    const index = new VectorIndex<{ live: boolean }>({ dimensions: 64, seed: 3, exactBelow: 100 });
    vectors.slice(0, 1_000).forEach((v, i) => index.add(`c${i}`, v, { live: i % 3 === 0 }));
    const hits = index.search(queries[0] as Float32Array, 50, (_id, item) => item.live);
    expect(hits).toHaveLength(50);
    expect(hits.every((h) => Number(h.id.slice(1)) % 3 === 0)).toBe(true);
  });

  it('returns only accepted ids and never fewer than k while k accepted vectors exist', () => {
    const { index, pool } = build(vectors, { probes: 2 });
    const rare = (id: string) => Number(id.slice(1)) % 100 === 7; // 60 of 6,000, spread over all topics
    const asked = new Set<string>();
    const hits = index.search(queries[1] as Float32Array, 50, (id) => (asked.add(id), rare(id)));
    expect(hits).toHaveLength(50);
    expect(hits.every((h) => rare(h.id))).toBe(true);
    expect(asked.size).toBeLessThan(6_000); // asked only about vectors that could enter the top 50
    expect(ids(index.search(queries[1] as Float32Array, 100, rare))).toEqual(ids(bruteForce(pool, queries[1] as Float32Array, 100, rare)));
    const five = new Set(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(ids(index.search(queries[2] as Float32Array, 20, (id) => five.has(id))).sort()).toEqual([...five]);
    // Half pass, but k is more than the probed lists hold: it keeps scanning until k are found.
    const even = (id: string) => Number(id.slice(1)) % 2 === 0;
    const many = index.search(queries[3] as Float32Array, 1_000, even);
    expect(many).toHaveLength(1_000);
    expect(many.every((h) => even(h.id))).toBe(true);
  });

  it('widens the probe by the filter pass rate, so recall holds under a selective filter', () => {
    const { index, pool } = build(vectors, { probes: 4 });
    const tenth = (id: string) => Number(id.slice(1)) % 10 === 0;
    let found = 0;
    for (const q of queries) {
      const truth = new Set(ids(bruteForce(pool, q, 20, tenth)));
      found += index.search(q, 20, tenth).filter((h) => truth.has(h.id)).length;
    }
    expect(found / (20 * queries.length)).toBeGreaterThanOrEqual(0.9);
  });

  it('retrains once it has grown four times since the last training', () => {
    const { index } = build(vectors.slice(0, 500), { exactBelow: 100 });
    const q = queries[0] as Float32Array;
    index.search(q, 5);
    expect(index.stats().trainedAt).toBe(500);
    vectors.slice(500, 1_999).forEach((v, i) => index.add(`d${i}`, v));
    index.search(q, 5);
    expect(index.stats().trainedAt).toBe(500);
    index.add('d-last', vectors[1_999] as Float32Array);
    index.search(q, 5);
    expect(index.stats().trainedAt).toBe(2_000);
  });

  it('does not retrain on a search while training is held, and does at the first search after', () => {
    const { index } = build(vectors.slice(0, 500), { exactBelow: 100 });
    const q = queries[0] as Float32Array;
    index.search(q, 5);
    index.trainingHeld = true;
    vectors.slice(500, 2_000).forEach((v, i) => index.add(`d${i}`, v));
    expect(index.search(q, 5)).toHaveLength(5);
    expect(index.stats().trainedAt).toBe(500);
    index.trainingHeld = false;
    index.search(q, 5);
    expect(index.stats().trainedAt).toBe(2_000);
  });

  it('trains in steps to the same lists and results as at once', async () => {
    const once = build(vectors).index;
    once.train();
    const { index } = build(vectors);
    let pauses = 0;
    await index.trainInSteps(async () => void pauses++, 0);
    expect(pauses).toBeGreaterThan(10);
    expect(index.stats()).toEqual(once.stats());
    for (const q of queries.slice(0, 10)) expect(index.search(q, 20)).toEqual(once.search(q, 20));
  });

  it('keeps what is added, replaced and removed while it trains in steps, and searches meanwhile', async () => {
    const { index, pool } = build(vectors.slice(0, 4_000));
    index.search(queries[0] as Float32Array, 5); // trained at 4,000
    vectors.slice(4_000).forEach((v, i) => index.add(`late${i}`, v));
    const extra = clustered(100, 64, 60, 9);
    let step = 0;
    await index.trainInSteps(async () => {
      const i = step++;
      if (i < extra.length) {
        index.add(`new${i}`, extra[i] as Float32Array); // added
        index.add(`c${i}`, extra[extra.length - 1 - i] as Float32Array); // replaced
        index.remove(`c${3_000 + i}`); // removed
      }
      if (i % 50 === 0) expect(index.search(queries[1] as Float32Array, 5)).toHaveLength(5);
    }, 0);
    expect(step).toBeGreaterThan(extra.length);
    const expected = new Map(vectors.slice(4_000).map((v, i) => [`late${i}`, v]));
    for (const [id, v] of pool) expected.set(id, v);
    extra.forEach((v, i) => {
      expected.set(`new${i}`, v);
      expected.set(`c${i}`, extra[extra.length - 1 - i] as Float32Array);
      expected.delete(`c${3_000 + i}`);
    });
    expect(index.size).toBe(expected.size);
    index.probes = index.stats().lists; // every list: the exact answer
    for (const q of [...queries.slice(0, 10), ...extra.slice(0, 5)]) expect(index.search(q, 20)).toEqual(bruteForce(expected, q, 20));
  });

  it('gives the same lists and results for the same operations and seed', () => {
    const a = build(vectors, { seed: 9 }).index;
    const b = build(vectors, { seed: 9 }).index;
    for (const q of queries.slice(0, 10)) expect(a.search(q, 20)).toEqual(b.search(q, 20));
    expect(a.stats()).toEqual(b.stats());
  });
});

describe('VectorIndex input checks', () => {
  it('refuses vectors and queries of another dimension, and bad options', () => {
    const index = new VectorIndex({ dimensions: 4 });
    expect(() => index.add('x', new Float32Array(3))).toThrow('vector has 3 dimensions, the index has 4');
    expect(() => index.search(new Float32Array(5), 1)).toThrow('query has 5 dimensions, the index has 4');
    expect(() => new VectorIndex({ dimensions: 0 })).toThrow(RangeError);
    expect(() => new VectorIndex({ dimensions: 4, probes: 0 })).toThrow(/probes/);
  });
});
