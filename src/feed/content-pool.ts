import type { Kysely } from 'kysely';
import { decodeVector } from '../analysis/vector-codec.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { VectorIndex } from '../ranking/vector-index.js';
import type { PoolItem } from './pool-item.js';

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
  readonly vectors: VectorIndex;
  /** Items newest first (ties by id), kept in order as items come and go. */
  private readonly recent: PoolItem[] = [];
  /** Bumped by every change: the per-area and per-source recency lists below are valid for one generation. */
  private generation = 0;
  private readonly recentBySet = new Map<string, { generation: number; items: PoolItem[] }>();
  private loadedUntil = 0;
  private refreshedAt = -Infinity;
  private reconciledAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly dimensions: number,
  ) {
    this.vectors = new VectorIndex({ dimensions, seed: 7 });
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

    const rows = await this.db
      .selectFrom('contents')
      .select(['id', 'source_id', 'category', 'language', 'published_at', 'area_ids', 'vector', 'updated_at'])
      .where('updated_at', '>=', Math.max(0, this.loadedUntil - OVERLAP_MS))
      .where('published_at', '>=', now - POOL_WINDOW_MS)
      .execute();
    const changed = rows.filter((r) => this.items.get(r.id)?.updatedAt !== r.updated_at);
    // A bulk load (the first one: 100k items) appends and sorts once; a splice per item is quadratic.
    const bulk = changed.length > BULK_LOAD;
    if (bulk) for (const r of changed) this.drop(r.id);
    for (const r of changed) {
      this.put({
        id: r.id,
        sourceId: r.source_id,
        category: r.category,
        language: r.language,
        publishedAt: r.published_at,
        vector: r.vector ? decodeVector(r.vector) : null,
        areaIds: JSON.parse(r.area_ids) as string[],
        updatedAt: r.updated_at,
      }, bulk);
      this.loadedUntil = Math.max(this.loadedUntil, r.updated_at);
    }
    if (bulk) this.recent.sort(newestFirst);
    // Train the vector index with the first load (2–3 s at 100k items), not inside a later search.
    if (this.refreshedAt === -Infinity) this.vectors.train();
    this.refreshedAt = now;
    // Finding deleted items reads every live id: done once a minute, never waited for.
    if (now - this.reconciledAt >= RECONCILE_AFTER_MS) {
      this.reconciledAt = now;
      void this.reconcile(now).catch(() => (this.reconciledAt = 0));
    }
  }

  /** Drops items deleted from the database or aged out of the window. */
  private async reconcile(now: number): Promise<void> {
    const live = new Set((await this.db.selectFrom('contents').select('id').where('published_at', '>=', now - POOL_WINDOW_MS).execute()).map((r) => r.id));
    for (const id of [...this.items.keys()]) if (!live.has(id)) this.drop(id);
  }

  /** `append`: the caller sorts `recent` afterwards (bulk load). */
  private put(item: PoolItem, append = false): void {
    if (this.items.has(item.id)) this.drop(item.id);
    this.generation++;
    this.items.set(item.id, item);
    for (const area of item.areaIds) getOrAdd(this.byArea, area).add(item.id);
    getOrAdd(this.bySource, item.sourceId).add(item.id);
    // Vectors of another embedder (another dimension) are not comparable: such items are retrieved by other channels only.
    if (item.vector && item.vector.length === this.dimensions) this.vectors.add(item.id, item.vector);
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
const BULK_LOAD = 1000;
/** The recency order: newest first, ties by id. */
const newestFirst = (a: PoolItem, b: PoolItem) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Areas and sources whose recency lists are kept (a generation's worth; a prefecture's list is tens of thousands of items). */
const MAX_RECENT_SETS = 20_000;

function getOrAdd<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
