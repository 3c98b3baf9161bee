import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { TopK } from '../ranking/vector-index-top-k.js';
import { POOL_WINDOW_MS } from './content-pool.js';

interface Counts {
  impressions: number;
  clicks: number;
}

export interface TenantPopularity {
  item(id: string): Counts | undefined;
  totals: Counts;
  /** Ids by smoothed CTR, best first. */
  top(): readonly string[];
}

interface TenantStats {
  items: Map<string, Counts>;
  /** Ids by smoothed CTR, best first (items with enough impressions). */
  top: string[] | null;
  topAt: number;
  /** Counts changed since `top` was ranked. */
  dirty: boolean;
  totals: Counts;
  loadedUntil: number;
  refreshedAt: number;
  refreshing: Promise<void> | null;
}

const REFRESH_AFTER_MS = 1000;
const NO_COUNTS: TenantPopularity = { item: () => undefined, totals: { impressions: 0, clicks: 0 }, top: () => [] };
const TOP_REFRESH_MS = 10_000;
const OVERLAP_MS = 5000;

/**
 * Impressions and clicks per item for each tenant (popularity is per tenant:
 * one tenant's audience does not rank another's feed), in memory and
 * refreshed from rows updated since the last read, at most once a second.
 */
export class Popularity {
  private readonly tenants = new Map<string, TenantStats>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async of(tenantId: string): Promise<TenantPopularity> {
    const stats = this.statsOf(tenantId);
    if (this.clock.now() - stats.refreshedAt >= REFRESH_AFTER_MS) await this.refresh(tenantId, stats);
    return this.view(stats);
  }

  /**
   * The tenant's counts without waiting for a first load: none until it is done. For
   * rankings while the pool's start is still loading (ranking-engine.ts): a tenant's first
   * load reads its counts of the whole window (~60,000 rows on the feed bench), which the
   * first feed need not wait for. The read starts after this turn of the event loop: a
   * SQLite read is synchronous, and would otherwise hold the ranking that asked.
   */
  soFar(tenantId: string): TenantPopularity {
    const stats = this.statsOf(tenantId);
    if (stats.refreshedAt > -Infinity) return this.view(stats);
    if (!stats.refreshing) setImmediate(() => void this.refresh(tenantId, stats).catch(() => {}));
    return NO_COUNTS;
  }

  private statsOf(tenantId: string): TenantStats {
    let stats = this.tenants.get(tenantId);
    if (!stats) {
      stats = {
        items: new Map(),
        top: null,
        topAt: 0,
        dirty: false,
        totals: { impressions: 0, clicks: 0 },
        loadedUntil: 0,
        refreshedAt: -Infinity,
        refreshing: null,
      };
      this.tenants.set(tenantId, stats);
    }
    return stats;
  }

  /** One read at a time per tenant, shared by whoever asks meanwhile. */
  private refresh(tenantId: string, stats: TenantStats): Promise<void> {
    stats.refreshing ??= this.load(tenantId, stats).finally(() => (stats.refreshing = null));
    return stats.refreshing;
  }

  /** The tenant's counts as last loaded, without a refresh (null before the first `of()`). */
  cached(tenantId: string): TenantPopularity | null {
    const stats = this.tenants.get(tenantId);
    return stats ? this.view(stats) : null;
  }

  private view(s: TenantStats): TenantPopularity {
    const top = () => {
      const now = this.clock.now();
      // Sorting a busy tenant's tens of thousands of items is ~5 ms: at most every 10 s.
      if (s.top === null || (s.dirty && now - s.topAt >= TOP_REFRESH_MS)) {
        s.top = topByCtr(s);
        s.topAt = now;
        s.dirty = false;
      }
      return s.top;
    };
    return { item: (id) => s.items.get(id), totals: s.totals, top };
  }

  /**
   * Rows updated since the last read, in pages of LOAD_PAGE with a turn of the event loop
   * between them: a tenant's first load reads its counts of the whole window (~60,000 rows on
   * the feed bench, ~0.1 s), and a SQLite read holds the ranking thread while it runs (issue 15:
   * a user's first feed after a start waited for it).
   */
  private async load(tenantId: string, stats: TenantStats): Promise<void> {
    const now = this.clock.now();
    // The first load reads only counts of items the pool can hold, not a tenant's whole history.
    const since = Math.max(now - POOL_WINDOW_MS, stats.loadedUntil - OVERLAP_MS);
    let after: PageEnd | null = null;
    for (;;) {
      const rows = await this.readPage(tenantId, since, after);
      for (const r of rows) {
        const before = stats.items.get(r.content_id);
        stats.totals.impressions += r.impressions - (before?.impressions ?? 0);
        stats.totals.clicks += r.clicks - (before?.clicks ?? 0);
        stats.items.set(r.content_id, { impressions: r.impressions, clicks: r.clicks });
        stats.loadedUntil = Math.max(stats.loadedUntil, r.updated_at);
      }
      if (rows.length > 0) stats.dirty = true;
      if (rows.length < LOAD_PAGE) break;
      const last = rows.at(-1)!;
      after = { updatedAt: last.updated_at, id: last.content_id };
      await new Promise((resolve) => setImmediate(resolve));
    }
    stats.refreshedAt = now;
  }

  /** The next LOAD_PAGE rows updated at or after `since`, in (updated_at, content_id) order, after the last page's end. */
  private readPage(tenantId: string, since: number, after: PageEnd | null): Promise<StatsRow[]> {
    let query = this.db
      .selectFrom('content_stats')
      .select(['content_id', 'impressions', 'clicks', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('updated_at', '>=', after?.updatedAt ?? since);
    if (after) query = query.where((eb) => eb.not(eb.and([eb('updated_at', '=', after.updatedAt), eb('content_id', '<=', after.id)])));
    return query.orderBy('updated_at').orderBy('content_id').limit(LOAD_PAGE).execute();
  }
}

interface StatsRow {
  content_id: string;
  impressions: number;
  clicks: number;
  updated_at: number;
}

interface PageEnd {
  updatedAt: number;
  id: string;
}

/** Counts read at a time (see `load`): ~10 ms of a ranking thread. */
const LOAD_PAGE = 5000;

/** Below this many impressions an item's CTR says little: it is not "popular" yet. */
const MIN_IMPRESSIONS = 20;
const TOP = 500;

/**
 * The TOP best by smoothed CTR (ties: the smaller id), kept in a bounded heap: a sort of a busy
 * tenant's ~60,000 items held a ranking thread ~0.1 s at a start (issue 15).
 */
function topByCtr(stats: TenantStats): string[] {
  const prior = (stats.totals.clicks + 1) / (stats.totals.impressions + 20);
  const top = new TopK(TOP);
  for (const [id, c] of stats.items) {
    if (c.impressions < MIN_IMPRESSIONS) continue;
    const ctr = (c.clicks + 20 * prior) / (c.impressions + 20);
    if (top.admits(ctr, id)) top.push(ctr, id);
  }
  return top.sorted().map((hit) => hit.id);
}
