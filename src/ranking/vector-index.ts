import { seededRandom } from '../lib/seeded-random.js';
import { Int16Scanner } from './int16-scanner.js';
import { dot } from './vector-index-dot.js';
import { VectorList } from './vector-index-list.js';
import { BoundedScan } from './vector-index-bounded-scan.js';
import { CodeScan } from './vector-index-code-scan.js';
import { finished, STEP_ROWS } from './vector-index-kmeans.js';
import { CoarseQuantizer } from './vector-index-quantizer.js';
import { drawSample } from './vector-index-sample.js';
import { TopK, type VectorHit } from './vector-index-top-k.js';

export type { VectorHit } from './vector-index-top-k.js';

/**
 * Nearest neighbours by cosine similarity over unit vectors: an IVF index in TypeScript with
 * a WebAssembly scan (pgvector is not available and native modules are avoided). Vectors are
 * filed under the nearest of ≈ √n k-means centroids; a query scans the lists of the centroids
 * nearest to it. Similarity is the dot product: callers pass L2-normalised vectors.
 *
 * A scan scores int16 codes of the vectors (int16-scanner.ts) and keeps a shortlist by each
 * row's upper bound; the shortlist is then scored exactly on the vectors themselves. When the
 * exact k-th score does not clear the shortlist's lowest bound (a tie closer than the codes
 * can tell), the scanned lists are scored exactly instead. So a search returns what an exact scan
 * of the same lists returns, to the bit: the codes only decide how cheaply.
 *
 * Measured before the int8 scan (Float32 rows scanned in JavaScript):
 * Measured (`npx tsx --expose-gc bench/vector-index.bench.ts`, 2-core shared VM at load
 * 2–3, Node 20; ranges over runs; wall p99 there is mostly time spent descheduled):
 * - 100k × 256 clustered (300 topics): train 1.9–3.0 s (316 lists); add 4–8 µs before
 *   training, 10–17 µs after; vectors 125 MiB for 98 MiB raw (growth room), heap +11 MiB;
 *   training briefly holds the vectors twice.
 * - exact scan of 100k: 21–32 ms a query. Default (10 of 316 lists): recall@20 0.971,
 *   recall@200 0.936; k=200 p50 0.9–1.5 ms, p99 2.4–5 ms (CPU p99 1.5–2.5 ms); 8 lists:
 *   recall@200 0.912, p99 1.5–2.0 ms on the quieter runs.
 * - filter passing 1 in 2 / 1 in 10, k=200: recall@200 0.963 / 0.970, p50 2–3 / 9–11 ms
 *   (the probe widens by 1 / pass rate); never short.
 * - 100k uniform random vectors: recall@20 0.14 at the default: without cluster structure
 *   an IVF index finds little; real embeddings are not like that.
 * - livedoor (7,367 real hashed TF-IDF vectors, 86 lists, 37 probed): recall@20 0.905,
 *   recall@200 0.814, k=200 p50 1.1 ms against 2.0 ms exact.
 */
export interface VectorIndexOptions {
  dimensions: number;
  /** Inverted lists made at training; default ≈ √size then. */
  lists?: number;
  /** Lists scanned per query before widening; default: as many as hold ~SCAN_BUDGET vectors. */
  probes?: number;
  /** Seed of the k-means sample and seeding: the same operations and seed give the same index and results. */
  seed?: number;
  /** Below this size a search scans everything (exact); the first search at or above it trains. Default 2,000. */
  exactBelow?: number;
}

interface Slot {
  list: number;
  slot: number;
}

/** A rule on which vectors a search may return: asked with the vector's id and the payload it was added with. */
export type VectorFilter<P> = (id: string, payload: P) => boolean;

/**
 * k-means sample: 32 vectors a list, at most 20k. At 100k vectors (316 lists, 10k sample)
 * training took 2.0 s against 3.1 s with a 20k sample, for recall@20 0.988 against 0.993 at
 * 16 probes (bench data, loaded machine); 4 Lloyd passes instead of 8 saved another 0.4 s
 * but cost 0.01–0.02 of recall.
 */
const SAMPLE_PER_LIST = 32;
const MAX_SAMPLE = 20_000;
const KMEANS_ITERATIONS = 8;
/** Retrain when the index has grown this many times since the last training (see shouldTrain). */
const REGROW_FACTOR = 4;
/**
 * Default probes: as many lists as hold about this many vectors on average, at least
 * MIN_PROBES. A query then costs about the same at any size (~3k dot products + one per
 * list, ~1 ms) while small pools are searched more thoroughly. At 100k vectors: 10 of 316
 * lists, recall@200 0.936 on the clustered set; 13 gave 0.956 and 19 0.974, at +0.3 and
 * +0.7 ms p50 (k=200).
 */
const SCAN_BUDGET = 3_200;
/** A stepwise training's longest hold on its thread between two pauses. */
const SLICE_MS = 5;
const MIN_PROBES = 8;

export class VectorIndex<P = undefined> {
  readonly dimensions: number;
  private readonly listsOption: number | undefined;
  private probesOption: number | undefined;
  private readonly seed: number;
  private readonly exactBelow: number;
  private lists: VectorList<P>[];
  private slots = new Map<string, Slot>();
  private quantizer: CoarseQuantizer | undefined;
  private trainedAt = 0;
  private addedSinceTraining = 0;
  /**
   * While true, a trained index is not trained again by a search that finds it due: its owner
   * trains it (`trainInSteps` when `trainingDue`). The content pool's searches are rankings a
   * request waits for; a training within one held them for up to ~2 s at 100k vectors.
   */
  trainingHeld = false;
  /** A `trainInSteps` under way. */
  private training: Promise<void> | null = null;
  /** While a training runs: the vectors added (the last one of an id) and removed (null) since it started. */
  private changes: Map<string, { v: Float32Array; payload: P } | null> | null = null;
  private readonly scanner: Int16Scanner;
  private readonly codeScan: CodeScan<P>;

  constructor(o: VectorIndexOptions) {
    if (!Number.isInteger(o.dimensions) || o.dimensions < 1)
      throw new RangeError(`dimensions must be a positive integer, got ${o.dimensions}`);
    this.dimensions = o.dimensions;
    this.listsOption = o.lists === undefined ? undefined : positiveInteger('lists', o.lists);
    this.probesOption = o.probes === undefined ? undefined : positiveInteger('probes', o.probes);
    this.seed = o.seed ?? 1;
    this.exactBelow = o.exactBelow === undefined ? 2_000 : positiveInteger('exactBelow', o.exactBelow);
    this.lists = [new VectorList<P>(this.dimensions)];
    this.scanner = new Int16Scanner(this.dimensions);
    this.codeScan = new CodeScan<P>(this.scanner);
  }

  get size(): number {
    return this.slots.size;
  }

  /** Lists scanned per query before widening. Settable to trade recall for speed at run time; undefined = automatic. */
  get probes(): number {
    if (this.probesOption !== undefined) return this.probesOption;
    const lists = this.lists.length;
    const perList = this.size / lists;
    return Math.min(lists, Math.max(MIN_PROBES, Math.round(SCAN_BUDGET / Math.max(1, perList))));
  }

  set probes(value: number | undefined) {
    this.probesOption = value === undefined ? undefined : positiveInteger('probes', value);
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /**
   * Stores `v` under `id` with a payload a search's filter is given, replacing any vector the
   * id had. The index keeps `v` itself (for exact scores) and its int8 codes: `v` must not change.
   */
  add(id: string, v: Float32Array, payload?: P): void {
    this.checkVector(v, 'vector');
    if (this.slots.has(id)) this.remove(id);
    const list = this.quantizer ? this.quantizer.assign(v, 0) : 0;
    const slot = (this.lists[list] as VectorList<P>).push(id, v, payload as P);
    this.slots.set(id, { list, slot });
    this.addedSinceTraining++;
    this.changes?.set(id, { v, payload: payload as P });
  }

  remove(id: string): void {
    const at = this.slots.get(id);
    if (!at) return;
    this.changes?.set(id, null);
    this.slots.delete(id);
    const moved = (this.lists[at.list] as VectorList<P>).removeAt(at.slot);
    if (moved !== undefined) (this.slots.get(moved) as Slot).slot = at.slot;
  }

  /**
   * The k most similar accepted vectors, best first (ties: smaller id first). Scans the
   * `probes` lists whose centroids are nearest the query, then further lists one by one
   * until the shortlist holds enough accepted rows, so the answer is short only when fewer
   * than k accepted vectors exist. `accept` is asked only about vectors that would enter the
   * current shortlist (or, on a trained index's exact fallback, the current top k).
   */
  search(query: Float32Array, k: number, accept?: VectorFilter<P>, probes: number = this.probes): VectorHit[] {
    this.checkVector(query, 'query');
    const want = Math.min(Math.floor(k), this.size);
    if (!(want >= 1)) return [];
    if (this.shouldTrain()) this.train();
    if (!this.quantizer || this.size < this.exactBelow) return this.exactScan(query, want, accept);
    const order = this.quantizer.rank(query);
    const filter = accept ? new CountingFilter(accept) : undefined;
    const scan = new BoundedScan(want);
    this.scanner.setQuery(query);
    let budget = probes;
    for (let i = 0; i < order.length; i++) {
      // A filter passing a share r of what it is asked about leaves ~r of each list: scanning
      // probes / r lists keeps about as many accepted vectors in reach as probes lists without it.
      if (i === probes && filter) budget = Math.ceil(probes / Math.max(filter.passRate(), 1 / order.length));
      if (i >= budget && scan.lowest.full) break;
      this.codeScan.scan(this.lists[order[i] as number] as VectorList<P>, scan, filter?.accept);
    }
    return scan.exact(query, this.dimensions);
  }

  /**
   * Clusters the vectors into ≈ √size lists (k-means on a sample of 32 a list, ≤ 20k) and
   * re-files every vector under its nearest centroid. `search` calls it by itself when due
   * (shouldTrain); it blocks for ~2 s at 100k vectors: `trainInSteps` does the same without.
   */
  train(): void {
    finished(this.trainingSteps());
  }

  /**
   * `train`, handing the thread to other work (`pause`) every SLICE_MS (issue 15: a ranking
   * thread's pool trained at once held every ranking asked of it for ~2.7 s, 7 s after a
   * start). Searches meanwhile use the lists as they were; vectors added or removed meanwhile
   * are in the new lists when it resolves. One training at a time: a call during another
   * resolves with it.
   */
  trainInSteps(pause: () => Promise<void>, sliceMs = SLICE_MS): Promise<void> {
    this.training ??= (async () => {
      const steps = this.trainingSteps();
      let since = performance.now();
      while (!steps.next().done) {
        if (performance.now() - since < sliceMs) continue;
        await pause();
        since = performance.now();
      }
    })().finally(() => (this.training = null));
    return this.training;
  }

  /** Due for a training: see shouldTrain (`trainingHeld` aside). */
  get trainingDue(): boolean {
    return this.size >= this.exactBelow && (!this.quantizer || this.addedSinceTraining >= this.trainedAt * (REGROW_FACTOR - 1));
  }

  /**
   * The training, yielding every few hundred vectors. The vectors are those of its start:
   * adds and removes after it are logged (`changes`), kept out of the new lists while they
   * are made, and applied to them at the end.
   */
  private *trainingSteps(): Generator<void, void> {
    const n = this.size;
    if (n === 0) return;
    const dim = this.dimensions;
    const random = seededRandom(this.seed);
    const lists = this.listsOption ?? Math.max(1, Math.round(Math.sqrt(n)));
    const count = Math.min(n, MAX_SAMPLE, lists * SAMPLE_PER_LIST);
    const sample = drawSample(this.lists, n, dim, count, random);
    const ids = [...this.slots.keys()];
    const changes = new Map<string, { v: Float32Array; payload: P } | null>();
    this.changes = changes;
    try {
      const quantizer = yield* CoarseQuantizer.trainSteps(sample, count, dim, lists, random, KMEANS_ITERATIONS);
      // The list of each vector of the start (-1: changed since, filed at the end).
      const target = new Int32Array(n).fill(-1);
      const sizes = new Int32Array(quantizer.lists);
      for (let from = 0; from < n; from += STEP_ROWS) {
        for (let i = from; i < Math.min(n, from + STEP_ROWS); i++) {
          const at = this.slots.get(ids[i]!);
          if (!at || changes.has(ids[i]!)) continue;
          const l = quantizer.assign((this.lists[at.list] as VectorList<P>).vectors[at.slot] as Float32Array, 0);
          target[i] = l;
          sizes[l] = (sizes[l] as number) + 1;
        }
        yield;
      }
      // Room for ~25 % growth per list before the first doubling.
      const next = Array.from(sizes, (size) => new VectorList<P>(dim, Math.ceil(size * 1.25) + 4));
      const slots = new Map<string, Slot>();
      for (let from = 0; from < n; from += STEP_ROWS) {
        for (let i = from; i < Math.min(n, from + STEP_ROWS); i++) {
          const id = ids[i]!;
          const l = target[i] as number;
          const at = this.slots.get(id);
          if (l < 0 || !at || changes.has(id)) continue;
          slots.set(id, { list: l, slot: (next[l] as VectorList<P>).pushFrom(this.lists[at.list] as VectorList<P>, at.slot) });
        }
        yield;
      }
      this.lists = next;
      this.slots = slots;
      this.quantizer = quantizer;
      this.trainedAt = slots.size;
      this.addedSinceTraining = 0;
      this.changes = null;
      for (const [id, change] of changes) {
        // Copied before it changed: out of the new lists first.
        this.remove(id);
        if (change) this.add(id, change.v, change.payload);
      }
    } finally {
      this.changes = null;
    }
  }

  /** For metrics and benches: how the index is laid out now (vectorBytes: the codes and scales it holds; the vectors are the caller's). */
  stats(): { size: number; lists: number; trainedAt: number; vectorBytes: number } {
    const vectorBytes = this.lists.reduce((sum, l) => sum + l.bytes, 0);
    return { size: this.size, lists: this.lists.length, trainedAt: this.trainedAt, vectorBytes };
  }

  /**
   * Untrained and big enough, or (REGROW_FACTOR − 1) × trainedAt vectors added since: the
   * size has grown 4×, or a pool of steady size has turned over three times (news ages out)
   * and its centroids describe yesterday's topics. Either way each training follows at least
   * 3 adds per vector it re-files: O(1) amortised per add.
   */
  private shouldTrain(): boolean {
    if ((this.trainingHeld && this.quantizer) || this.changes) return false;
    return this.trainingDue;
  }

  /** The exact top `want`: every row scored on its vector (an index too small to train). */
  private exactScan(query: Float32Array, want: number, accept: VectorFilter<P> | undefined): VectorHit[] {
    const top = new TopK(want);
    for (const list of this.lists) {
      for (let s = 0; s < list.count; s++) {
        const score = dot(query, 0, list.vectors[s] as Float32Array, 0, this.dimensions);
        const id = list.ids[s] as string;
        if (score >= top.threshold && top.admits(score, id) && (!accept || accept(id, list.payloads[s] as P))) top.push(score, id);
      }
    }
    return top.sorted();
  }

  private checkVector(v: Float32Array, what: string): void {
    if (!(v instanceof Float32Array)) throw new TypeError(`${what} must be a Float32Array`);
    if (v.length !== this.dimensions) {
      throw new RangeError(`${what} has ${v.length} dimensions, the index has ${this.dimensions}`);
    }
  }
}

/** Wraps an accept callback to learn what share of the vectors it is asked about pass. */
class CountingFilter<P> {
  private asked = 0;
  private passed = 0;
  readonly accept: VectorFilter<P>;

  constructor(inner: VectorFilter<P>) {
    this.accept = (id, payload) => {
      this.asked++;
      const ok = inner(id, payload);
      if (ok) this.passed++;
      return ok;
    };
  }

  passRate(): number {
    return this.asked === 0 ? 1 : this.passed / this.asked;
  }
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
