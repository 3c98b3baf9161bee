import { createHash } from 'node:crypto';
import type { UserSignalRow } from '../events/user-signals-repo.js';
import { averagePreference, itemFactors, userFactors, type CollaborativeModels } from '../learning/collaborative-models.js';
import { interactionOf } from '../learning/interactions.js';
import type { CollaborativeModel } from '../learning/model-store.js';
import { buildProfile } from '../ranking/profile.js';
import { rank } from '../ranking/rank.js';
import { explainScore, scoreCandidate, scoreComponents, tenantPriorCtr, type ScoreParts } from '../ranking/score.js';
import type { AreaTarget, RankContext, RankedItem, UserProfile } from '../ranking/types.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { ContentPool } from './content-pool.js';
import type { PoolItem } from './pool-item.js';
import type { Popularity } from './popularity.js';
import { rankedList, type RankedList } from './ranked-list.js';
import { latentOf, toCandidate } from './pool-item.js';
import { allowedBy, retrieveCandidates, type ChannelSizes } from './retrieve-candidates.js';

export interface Ranked {
  id: string;
  score: number;
  /** The item's source: a source the user blocks after the ranking is left out when served. */
  sourceId: string;
  /** The score's components unweighted (score.ts COMPONENTS): the tracking token carries them, so clicks can fit the weights. */
  components?: number[];
}

/** A ranked item with why it is where it is (the console's preview). */
export interface ExplainedRanked extends Ranked {
  /** The weighted contribution of each score component, six decimals. */
  signals: ScoreParts;
  /** Placed in an exploration slot (a new item the scores alone would not have shown). */
  exploration: boolean;
}

/** What ranking reads of a user (the feed's and push's user states carry more). */
export interface RankedUser {
  registered: boolean;
  followed: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  /** Clicked items: never candidates. */
  read: ReadonlySet<string>;
  signals: readonly UserSignalRow[];
}

/** One ranking, as the engine takes it: plain data, so it can cross to a ranking thread. */
export interface EngineRequest {
  tenantId: string;
  config: AlgorithmConfig;
  user: RankedUser;
  /** The embedded `interests` property (the caller embeds: the embedder lives with the crawler). */
  interestVector: Float32Array | null;
  /**
   * The item-vector model this ranking compares latent vectors of (its version) and the interests
   * projected with it; null without a model.
   */
  latent?: { version: number; interests: Float32Array | null } | null;
  /** The category the interests are about, by the category classifier: an affinity before any click. */
  interestCategory: string | null;
  areas: AreaTarget[];
  now: number;
  /** Seeds exploration: the user id (or another stable key), so the same state ranks the same way within an hour. */
  seedKey: string;
  /** How many items to order. */
  limit: number;
  /** Diversity caps hold over every window of this many items. */
  pageSize: number;
  /** Items never to include, beyond the user's read items. */
  exclude?: ReadonlySet<string>;
  /** Candidates per retrieval channel (defaults: enough for a feed list). */
  channels?: ChannelSizes;
  /** Keep this ranking's context under this key, so `sweep()` can tell when a new item would enter its list. */
  watchKey?: string;
}

/** What the engine keeps of a watched list: enough to score a new item against it. */
interface Watch {
  context: RankContext;
  config: AlgorithmConfig;
  tenantId: string;
  read: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  /** The list's lowest score; null when the list is short (any allowed arrival enters it). */
  floor: number | null;
  /**
   * The version of the model it was ranked with, not the model: a watch holding the model
   * kept every generation trained while its list sat idle alive, on each ranking thread
   * (32 floats and an id-map entry an item: ~13 MB of factors alone at 100,000 items; a
   * candidate for the soak's growth, issue 17).
   */
  modelVersion: number | null;
  latentVersion: number | null;
}

/**
 * One user's ranking (DESIGN §8): the profile learned from their signals and
 * interests, retrieval over the in-memory pool, then `rank()`. Runs where the
 * pool is: in a ranking thread (ranking-threads.ts) or, for a database only
 * this thread can open, inline. It also watches the lists it ranked: `sweep()`
 * scores the items that arrived since the last sweep against each watched
 * list and names the lists they would enter (issue 15: a new article reaches
 * the lists it belongs in without re-ranking everyone).
 */
export class RankingEngine {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly pool: ContentPool,
    private readonly popularity: Popularity,
    private readonly models: CollaborativeModels,
    private readonly maxWatches: number,
  ) {}

  /** Loads the pool now (at start), so the first request does not wait for all of it; `whole`: resolves once all of it is in. */
  async warmUp(whole = false): Promise<void> {
    await (whole ? this.pool.whenComplete() : this.pool.ready());
  }

  async rank(request: EngineRequest): Promise<RankedList> {
    let { items, context } = await this.ranked(request);
    // Never an empty list while content exists: at start, what is loaded may all be outside the algorithm's limits.
    if (items.length === 0 && !this.pool.isComplete) {
      await this.pool.whenComplete();
      ({ items, context } = await this.ranked(request));
    }
    const priorCtr = tenantPriorCtr(context.tenantCtr);
    return rankedList(
      items.map((r) => ({
        id: r.id,
        score: roundScore(r.score),
        sourceId: r.candidate.sourceId,
        components: scoreComponents(r.candidate, context, priorCtr),
      })),
    );
  }

  /**
   * A push user's ranking: a candidate file is not ranked again later, so at a start it waits
   * for the whole pool (and with it the tenant's counts), where a feed's list goes out at once.
   */
  async rankWhole(request: EngineRequest): Promise<RankedList> {
    await this.pool.whenComplete();
    return this.rank(request);
  }

  /** The very ranking `rank()` returns, each item with its score's parts and whether it fills an exploration slot. */
  async explain(request: EngineRequest): Promise<ExplainedRanked[]> {
    const { items, context } = await this.ranked({ ...request, watchKey: undefined });
    const priorCtr = tenantPriorCtr(context.tenantCtr);
    return items.map((r) => {
      const { parts } = explainScore(r.candidate, context, priorCtr);
      const signals: ScoreParts = {
        relevance: roundScore(parts.relevance),
        collaborative: roundScore(parts.collaborative),
        freshness: roundScore(parts.freshness),
        popularity: roundScore(parts.popularity),
        area: roundScore(parts.area),
        follow: roundScore(parts.follow),
      };
      return { id: r.id, score: roundScore(r.score), sourceId: r.candidate.sourceId, signals, exploration: r.exploration === true };
    });
  }

  /**
   * Refreshes the pool and names the watched lists that an item arrived since
   * the last sweep would enter: allowed by the list's algorithm and user, and
   * scoring above the list's lowest score now. A list is named at most once
   * (it is re-ranked, which watches it anew).
   */
  async sweep(): Promise<string[]> {
    await this.pool.ready();
    if (this.pool.takeCompletion()) {
      // The start's background load finished: every list so far saw only the newest items.
      const all = [...this.watches.keys()];
      this.watches.clear();
      return all;
    }
    const arrivals = this.pool.takeArrivals();
    if (arrivals.length === 0 || this.watches.size === 0) return [];
    const stale: string[] = [];
    for (const [key, watch] of this.watches) {
      if (this.wouldEnter(watch, arrivals)) {
        stale.push(key);
        this.watches.delete(key);
      }
    }
    return stale;
  }

  /** The tenant's model was trained again: the next ranking loads it. */
  modelChanged(tenantId: string): void {
    this.models.forget(tenantId);
  }

  /** Stops watching lists that are no longer held. */
  forget(keys: readonly string[]): void {
    for (const key of keys) this.watches.delete(key);
  }

  private wouldEnter(watch: Watch, arrivals: readonly PoolItem[]): boolean {
    const { config, context } = watch;
    // Scored as of the ranking, like the floor it is compared with.
    const now = context.now;
    const stats = this.popularity.cached(watch.tenantId);
    const allowed = allowedBy(this.pool, config, now, watch.read, watch.blocked);
    const priorCtr = tenantPriorCtr(context.tenantCtr);
    // The model the list was ranked with if it is still the one held; else none (a newer one re-ranks the list at its refresh).
    const held = this.models.current(watch.tenantId);
    const model = held !== null && held.version === watch.modelVersion ? held : null;
    for (const item of arrivals) {
      if (!allowed(item)) continue;
      if (watch.floor === null) return true;
      if (
        scoreCandidate(toCandidate(item, stats?.item(item.id), itemFactors(model, item.id), watch.latentVersion), context, priorCtr) >
        watch.floor
      )
        return true;
    }
    return false;
  }

  private async ranked(request: EngineRequest): Promise<{ items: RankedItem[]; context: RankContext }> {
    const { tenantId, config, user, now } = request;
    const pool = await this.pool.ready();
    // While the start's background load runs, nor does a tenant's first ranking wait for its
    // counts: every list ranked before the pool is complete is ranked again once it is (sweep).
    const popularity = pool.isComplete ? await this.popularity.of(tenantId) : this.popularity.soFar(tenantId);
    const model = await this.models.of(tenantId);
    // Folded in from the user's own signals: a click processed a moment ago already counts.
    const factors = model !== null && user.registered ? userFactors(model, user.signals) : null;
    const latentVersion = request.latent?.version ?? null;
    const profile = user.registered
      ? this.profileOf(user, request, now, factors, model !== null && factors !== null ? averagePreference(model, factors) : 0)
      : null;
    const exclude = request.exclude;
    const read = exclude === undefined || exclude.size === 0 ? user.read : new Set([...user.read, ...exclude]);
    const candidates = retrieveCandidates({
      pool,
      config,
      now,
      profile,
      areas: request.areas,
      followed: user.registered ? user.followed : new Set(),
      read,
      blocked: user.blocked,
      popular: popularity.top(),
      sizes: request.channels,
      collaborative:
        model !== null && factors !== null ? { model, user: factors, latestEngaged: latestEngaged(user.signals, model) } : undefined,
    });
    const context: RankContext = {
      profile,
      areas: request.areas,
      config,
      now,
      seed: seedOf(tenantId, request.seedKey, now),
      tenantCtr: popularity.totals,
    };
    const items = rank(
      candidates.map((c) => toCandidate(c, popularity.item(c.id), itemFactors(model, c.id), latentVersion)),
      context,
      { limit: request.limit, pageSize: request.pageSize },
    );
    if (request.watchKey !== undefined)
      this.watch(request.watchKey, {
        context,
        config,
        tenantId,
        read,
        blocked: user.blocked,
        floor: items.length < request.limit ? null : (items.at(-1)?.score ?? null),
        modelVersion: model?.version ?? null,
        latentVersion,
      });
    return { items, context };
  }

  private watch(key: string, watch: Watch): void {
    this.watches.delete(key);
    if (this.watches.size >= this.maxWatches) this.watches.delete(this.watches.keys().next().value!);
    this.watches.set(key, watch);
  }

  private profileOf(
    user: RankedUser,
    interests: Pick<EngineRequest, 'interestVector' | 'interestCategory' | 'latent'>,
    now: number,
    factors: Float32Array | null,
    factorsAverage: number,
  ): UserProfile {
    const pool = this.pool;
    const latentVersion = interests.latent?.version ?? null;
    return buildProfile({
      signals: user.signals.map((s) => {
        const item = pool.get(s.contentId);
        return {
          vector: item?.vector ?? null,
          latent: latentOf(item, latentVersion),
          category: item?.category ?? null,
          sourceId: item?.sourceId ?? '',
          clicks: s.clicks,
          likes: s.likes,
          dislikes: s.dislikes,
          shares: s.shares,
          dwellMs: s.dwellMs,
          impressions: s.impressions,
          lastAt: s.updatedAt,
        };
      }),
      interestVector: interests.interestVector,
      interestLatent: interests.latent?.interests ?? null,
      interestCategory: interests.interestCategory,
      followedSources: user.followed,
      now,
      factors,
      factorsAverage,
    });
  }
}

/** The user's most recently engaged item the model knows (signals come newest first): the "also read" channel's anchor. */
function latestEngaged(signals: readonly UserSignalRow[], model: CollaborativeModel): string | null {
  for (const s of signals) if (model.itemRow.has(s.contentId) && interactionOf(s)?.preference === 1) return s.contentId;
  return null;
}

/** One seed per user (or request) and hour: the same state ranks the same way, exploration varies over time. */
function seedOf(tenantId: string, key: string, now: number): number {
  return createHash('sha256')
    .update(`${tenantId}\0${key}\0${Math.floor(now / 3_600_000)}`)
    .digest()
    .readUInt32LE(0);
}

/** Six decimals: what a list stores and so what every page shows. */
const roundScore = (score: number) => Number(score.toFixed(6));
