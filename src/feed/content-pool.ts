import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { VectorIndex } from '../ranking/vector-index.js';
import type { PoolItem } from './pool-item.js';
import { isHidden, latestUpdate, readChangedRows, readNewestRows, toPoolItem, type PoolRow } from './pool-rows.js';

/** Items older than this are not held: no algorithm's max_age_hours reaches past it (docs/feed.md). */
export const POOL_WINDOW_MS = 14 * 24 * 60 * 60_000;
/** How stale the pool may be before a request refreshes it (an indexed read of changed rows, ~1 ms). */
const REFRESH_AFTER_MS = 1000;
/** Deleted items (a source removed) are found by a reconcile of ids this often. */
const RECONCILE_AFTER_MS = 60_000;
/** Rows re-read on each refresh, so rows committed late by another node are not missed. */
const OVERLAP_MS = 5000;

/**
 * The live items of every tenant, in memory with their vector index, area
 * index and recency order: a feed request reads only memory. Refreshed
 * incrementally (rows updated since the last refresh) in the background at
 * most once a second; the first use loads it and waits.
 */
export class ContentPool {
  private readonly items = new Map<string, PoolItem>();
  private readonly byArea = new Map<string, Set<string>>();
  private readonly bySource = new Map<string, Set<string>>();
  private readonly sourceTrust = new Map<string, number>();
  readonly vectors: VectorIndex<PoolItem>;
  /** Items newest first (ties by id), kept in order as items come and go. */
  private readonly recent: PoolItem[] = [];
  /** Bumped by every change: the per-area and per-source recency lists below are valid for one generation. */
  private generation = 0;
  private readonly recentBySet = new Map<string, { generation: number; items: PoolItem[] }>();
  /** Items added or changed since the last `takeArrivals()` (not those of the first load). */
  private arrivals: PoolItem[] = [];
  /** Every item of the window is loaded (the first load's background pages are done). */
  private complete = false;
  /** The first load finished in the background, after rankings had started: they saw part of the pool. */
  private completedLater = false;
  private rest: Promise<void> | null = null;
  private loadedUntil = 0;
  private refreshedAt = -Infinity;
  private reconciledAt = 0;
  private refreshing: Promise<void> | null = null;
  /** The background work a refresh started last: a reconcile, a training. */
  private reconciling: Promise<unknown> = Promise.resolve();
  private training: Promise<unknown> = Promise.resolve();
  /** Rows the incremental refreshes have read (diagnostics: a pool that keeps re-reading rows churns its thread's heap). */
  rowsRefreshed = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly dimensions: number,
  ) {
    this.vectors = new VectorIndex<PoolItem>({ dimensions, seed: 7 });
    // A search never trains the index (~2 s at 100k items, holding every ranking of the thread):
    // the pool trains it in steps when due (`load`, `loadRest`).
    this.vectors.trainingHeld = true;
  }

  /**
   * The pool, fresh to within a second: a request that finds it older waits
   * for the incremental refresh (shared by concurrent requests).
   */
  async ready(): Promise<this> {
    if (this.clock.now() - this.refreshedAt >= REFRESH_AFTER_MS) await this.refresh();
    return this;
  }

  /** Reads what changed since the last refresh (and, once a minute, which items are gone). */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /**
   * The items added or changed since the last call: the ranking engine scores
   * them against the lists it watches. Bounded: past MAX_ARRIVALS the oldest
   * are dropped (a sweep that far behind re-ranks on its lists' age anyway).
   */
  takeArrivals(): PoolItem[] {
    const taken = this.arrivals;
    this.arrivals = [];
    return taken;
  }

  /**
   * True once, after the first load finished in the background: every list
   * ranked before saw only the newest items, so the rankings re-rank them.
   */
  takeCompletion(): boolean {
    const completed = this.completedLater;
    this.completedLater = false;
    return completed;
  }

  /** Resolves when every item of the window is loaded. */
  async whenComplete(): Promise<void> {
    await this.ready();
    await this.rest?.catch(() => {});
  }

  /** Resolves once the reconcile and the index training that refreshes started have finished (tests). */
  async settled(): Promise<void> {
    await this.reconciling;
    await this.training;
  }

  get isComplete(): boolean {
    return this.complete;
  }

  get size(): number {
    return this.items.size;
  }

  get(id: string): PoolItem | undefined {
    return this.items.get(id);
  }

  trustOf(sourceId: string): number {
    return this.sourceTrust.get(sourceId) ?? -1;
  }

  inArea(areaId: string): ReadonlySet<string> {
    return this.byArea.get(areaId) ?? EMPTY;
  }

  ofSource(sourceId: string): ReadonlySet<string> {
    return this.bySource.get(sourceId) ?? EMPTY;
  }

  /** Items, newest first. */
  newest(): readonly PoolItem[] {
    return this.recent;
  }

  /** An area's items, newest first: sorted once per change of the pool, not on every request (a push job asks thousands of times). */
  newestInArea(areaId: string): readonly PoolItem[] {
    return this.newestOf(`a:${areaId}`, this.inArea(areaId));
  }

  /** A source's items, newest first (as `newestInArea`). */
  newestOfSource(sourceId: string): readonly PoolItem[] {
    return this.newestOf(`s:${sourceId}`, this.ofSource(sourceId));
  }

  private newestOf(key: string, ids: ReadonlySet<string>): readonly PoolItem[] {
    const cached = this.recentBySet.get(key);
    if (cached?.generation === this.generation) return cached.items;
    const items = [...ids].map((id) => this.items.get(id)!).sort(newestFirst);
    if (this.recentBySet.size >= MAX_RECENT_SETS) this.recentBySet.clear();
    this.recentBySet.set(key, { generation: this.generation, items });
    return items;
  }

  private async load(): Promise<void> {
    const now = this.clock.now();
    const sources = await this.db.selectFrom('sources').select(['id', 'trust_level']).execute();
    this.sourceTrust.clear();
    for (const s of sources) this.sourceTrust.set(s.id, s.trust_level);

    if (this.refreshedAt === -Infinity) await this.loadNewest(now);
    else {
      const rows = await readChangedRows(this.db, Math.max(0, this.loadedUntil - OVERLAP_MS), now - POOL_WINDOW_MS);
      this.rowsRefreshed += rows.length;
      this.apply(rows, true);
      // New items have grown the index 4× or turned it over three times since its training.
      if (this.complete && this.vectors.trainingDue) this.training = this.vectors.trainInSteps(nextTurn).catch(() => {});
    }
    // Everything stamped before this read began and committed is in (a commit is at most
    // OVERLAP_MS late): the next read starts OVERLAP_MS before it. Advanced by time, not only
    // by the rows read, so rows stamped together (100,000 projected at once) are read again
    // for OVERLAP_MS, not at every refresh until something newer is written.
    this.loadedUntil = Math.max(this.loadedUntil, now);
    this.refreshedAt = now;
    // Finding deleted items reads every live id: done once a minute, never waited for.
    if (this.complete && now - this.reconciledAt >= RECONCILE_AFTER_MS) {
      this.reconciledAt = now;
      this.reconciling = this.reconcile(now).catch(() => (this.reconciledAt = 0));
    }
  }

  /**
   * The first load: the newest FIRST_LOAD items, so rankings can start (issue 15: the first
   * feed within 2 s of a start on 100,000 items), then the rest in pages in the background,
   * yielding between pages so rankings go on meanwhile; the vector index is trained on the
   * first part and again once everything is in.
   */
  private async loadNewest(now: number): Promise<void> {
    // Rows changed after this are read by the next refresh; older ones by the pages.
    const since = await latestUpdate(this.db);
    const first = await readNewestRows(this.db, now - POOL_WINDOW_MS, null, FIRST_LOAD);
    this.apply(first, false);
    this.loadedUntil = Math.max(this.loadedUntil, since);
    this.vectors.train();
    if (first.length < FIRST_LOAD) {
      this.markComplete(false);
      return;
    }
    const last = first.at(-1)!;
    this.rest = this.loadRest(now, { publishedAt: last.published_at, id: last.id });
    this.rest.catch(() => this.markComplete(false));
  }

  private async loadRest(now: number, after: { publishedAt: number; id: string }): Promise<void> {
    for (;;) {
      await nextTurn();
      const rows = await readNewestRows(this.db, now - POOL_WINDOW_MS, after, REST_PAGE);
      this.apply(rows, false, true);
      if (rows.length < REST_PAGE) break;
      const last = rows.at(-1)!;
      after = { publishedAt: last.published_at, id: last.id };
    }
    // Once over the whole pool: the lists of the first part's centroids would grow lopsided.
    // In steps (~2 s of work at 100k items): rankings go on meanwhile, on the lists as they were.
    await this.vectors.trainInSteps(nextTurn);
    this.markComplete(true);
  }

  private markComplete(hadRest: boolean): void {
    this.complete = true;
    this.completedLater ||= hadRest;
  }

  /** Puts changed rows, and drops those hidden since; `arrive`: they are news to the rankings (not the first load). */
  private apply(rows: PoolRow[], arrive: boolean, pages = false): void {
    for (const r of rows) if (isHidden(r)) this.drop(r.id);
    const changed = rows.filter((r) => !isHidden(r) && this.items.get(r.id)?.updatedAt !== r.updated_at);
    // A bulk load (the first one's pages: 100k items) appends and sorts once; a splice per item is quadratic.
    const bulk = pages || changed.length > BULK_LOAD;
    const appendedFrom = this.recent.length;
    if (bulk) for (const r of changed) this.drop(r.id);
    for (const r of changed) {
      const item = toPoolItem(r);
      this.put(item, bulk);
      if (arrive) this.arrivals.push(item);
      this.loadedUntil = Math.max(this.loadedUntil, r.updated_at);
    }
    // The start's pages come older than all before them: sorted already but for ties of time.
    if (bulk && !sortedFrom(this.recent, Math.max(0, appendedFrom - 1))) this.recent.sort(newestFirst);
    if (this.arrivals.length > MAX_ARRIVALS) this.arrivals = this.arrivals.slice(-MAX_ARRIVALS);
  }

  /** Drops items deleted from the database, hidden, or aged out of the window. */
  /**
   * Read in pages of RECONCILE_PAGE ids with a turn of the event loop between them: one read
   * of the window's 100,000 ids held the ranking thread ~0.5 s a minute (issue 15, a probe of
   * first pages after a start). Only items held when it began can be dropped: one put by a
   * refresh meanwhile may sit in a page read before it was written.
   */
  private async reconcile(now: number): Promise<void> {
    const held = [...this.items.keys()];
    const live = new Set<string>();
    let after: string | null = null;
    for (;;) {
      let query = this.db
        .selectFrom('contents')
        .select('id')
        .where('published_at', '>=', now - POOL_WINDOW_MS)
        .where('hidden_at', 'is', null);
      if (after !== null) query = query.where('id', '>', after);
      const rows = await query.orderBy('id').limit(RECONCILE_PAGE).execute();
      for (const r of rows) live.add(r.id);
      if (rows.length < RECONCILE_PAGE) break;
      after = rows.at(-1)!.id;
      await nextTurn();
    }
    for (const id of held) if (!live.has(id)) this.drop(id);
  }

  /** `append`: the caller sorts `recent` afterwards (bulk load). */
  private put(item: PoolItem, append = false): void {
    if (this.items.has(item.id)) this.drop(item.id);
    this.generation++;
    this.items.set(item.id, item);
    for (const area of item.areaIds) getOrAdd(this.byArea, area).add(item.id);
    getOrAdd(this.bySource, item.sourceId).add(item.id);
    // Vectors of another embedder (another dimension) are not comparable: such items are retrieved by other channels only.
    if (item.vector && item.vector.length === this.dimensions) this.vectors.add(item.id, item.vector, item);
    if (append) this.recent.push(item);
    else this.recent.splice(this.recentIndex(item), 0, item);
  }

  private drop(id: string): void {
    const item = this.items.get(id);
    if (!item) return;
    this.generation++;
    this.items.delete(id);
    for (const area of item.areaIds) this.byArea.get(area)?.delete(id);
    this.bySource.get(item.sourceId)?.delete(id);
    this.vectors.remove(id);
    const at = this.recentIndex(item);
    if (this.recent[at]?.id === id) this.recent.splice(at, 1);
  }

  /** Where `item` is or would go in the recency order (binary search: a splice, not a 100k-item sort). */
  private recentIndex(item: PoolItem): number {
    let lo = 0;
    let hi = this.recent.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.recent[mid]!;
      const before = other.publishedAt > item.publishedAt || (other.publishedAt === item.publishedAt && other.id < item.id);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
const MAX_ARRIVALS = 10_000;
/**
 * The first load's first part: the newest 2,000 items, all a first feed waits for at a
 * start; every list ranked before the pool is complete is ranked again at the next sweep.
 * With 10,000 the load was most of the first feed's wait on the 100,000-item bench once
 * items carried a latent vector too (bench/RESULTS.md, issue 15, boot).
 */
const FIRST_LOAD = 2000;
/** The rest's pages: a ranking asked for meanwhile waits for at most one page (~10 ms; 2,000 held it ~0.1 s on a loaded machine). */
const REST_PAGE = 500;
const BULK_LOAD = 1000;
/** Ids a reconcile reads at a time (~10 ms of a ranking thread). */
const RECONCILE_PAGE = 5000;
/** The recency order: newest first, ties by id. */
const newestFirst = (a: PoolItem, b: PoolItem) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Areas and sources whose recency lists are kept (a generation's worth; a prefecture's list is tens of thousands of items). */
const MAX_RECENT_SETS = 20_000;

function getOrAdd<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

/** A turn of the event loop: the thread's messages that arrived meanwhile are taken in first. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `items` from `from` on are in recency order. */
function sortedFrom(items: readonly PoolItem[], from: number): boolean {
  for (let i = from + 1; i < items.length; i++) if (newestFirst(items[i - 1]!, items[i]!) > 0) return false;
  return true;
}
