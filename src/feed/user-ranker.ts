import { createHash } from 'node:crypto';
import type { Embedder } from '../analysis/embedder.js';
import { buildProfile } from '../ranking/profile.js';
import { rank } from '../ranking/rank.js';
import { explainScore, tenantPriorCtr, type ScoreParts } from '../ranking/score.js';
import type { AreaTarget, RankContext, RankedItem, UserProfile } from '../ranking/types.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { ContentPool } from './content-pool.js';
import type { Popularity } from './popularity.js';
import { toCandidate } from './pool-item.js';
import { retrieveCandidates, type ChannelSizes } from './retrieve-candidates.js';
import type { UserFeedState } from './user-feed-state.js';

const MAX_INTEREST_VECTORS = 10_000;

export interface Ranked {
  id: string;
  score: number;
}

/** A ranked item with why it is where it is (the console's preview). */
export interface ExplainedRanked extends Ranked {
  /** The weighted contribution of each score component, six decimals. */
  signals: ScoreParts;
  /** Placed in an exploration slot (a new item the scores alone would not have shown). */
  exploration: boolean;
}

export interface RankRequest {
  tenantId: string;
  config: AlgorithmConfig;
  user: UserFeedState;
  areas: AreaTarget[];
  now: number;
  /** Seeds exploration: the user id (or request id), so the same state ranks the same way within an hour. */
  seedKey: string;
  /** How many items to order. */
  limit: number;
  /** Diversity caps hold over every window of this many items. */
  pageSize: number;
  /** Items never to include, beyond the user's read items. */
  exclude?: ReadonlySet<string>;
  /** Candidates per retrieval channel (defaults: enough for a feed snapshot). */
  channels?: ChannelSizes;
}

/**
 * One user's ranking (DESIGN §8): the profile learned from their signals and
 * interests, retrieval over the in-memory pool, then `rank()`. The feed orders
 * a snapshot with it; push jobs take a user's best few. Scores keep six
 * decimals, as every page and file shows them.
 */
export class UserRanker {
  private readonly interestVectors = new Map<string, Float32Array>();

  constructor(
    private readonly pool: ContentPool,
    private readonly popularity: Popularity,
    private readonly embedder: Embedder,
  ) {}

  /** Loads the pool now (a worker at start), so the first job or feed request does not wait for it. */
  async warmUp(): Promise<void> {
    await this.pool.ready();
  }

  async rank(request: RankRequest): Promise<Ranked[]> {
    const { items } = await this.ranked(request);
    return items.map((r) => ({ id: r.id, score: roundScore(r.score) }));
  }

  /** The very ranking `rank()` returns, each item with its score's parts and whether it fills an exploration slot. */
  async explain(request: RankRequest): Promise<ExplainedRanked[]> {
    const { items, context } = await this.ranked(request);
    const priorCtr = tenantPriorCtr(context.tenantCtr);
    return items.map((r) => {
      const { parts } = explainScore(r.candidate, context, priorCtr);
      const signals: ScoreParts = {
        relevance: roundScore(parts.relevance),
        freshness: roundScore(parts.freshness),
        popularity: roundScore(parts.popularity),
        area: roundScore(parts.area),
        follow: roundScore(parts.follow),
      };
      return { id: r.id, score: roundScore(r.score), signals, exploration: r.exploration === true };
    });
  }

  private async ranked(request: RankRequest): Promise<{ items: RankedItem[]; context: RankContext }> {
    const { tenantId, config, user, now } = request;
    const pool = await this.pool.ready();
    const popularity = await this.popularity.of(tenantId);
    const profile = user.registered ? await this.profileOf(user, now) : null;
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
    });
    const context: RankContext = { profile, areas: request.areas, config, now, seed: seedOf(tenantId, request.seedKey, now), tenantCtr: popularity.totals };
    const items = rank(
      candidates.map((c) => toCandidate(c, popularity.item(c.id))),
      context,
      { limit: request.limit, pageSize: request.pageSize },
    );
    return { items, context };
  }

  private async profileOf(user: UserFeedState, now: number): Promise<UserProfile> {
    const pool = this.pool;
    const interests = Array.isArray(user.properties.interests) ? user.properties.interests.filter((i): i is string => typeof i === 'string') : [];
    const interestVector = interests.length > 0 ? await this.interestVector(interests.join(' ')) : null;
    return buildProfile({
      signals: user.signals.map((s) => {
        const item = pool.get(s.contentId);
        return {
          vector: item?.vector ?? null,
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
      interestVector,
      followedSources: user.followed,
      now,
    });
  }

  /** Interests change rarely and repeat across users: embedded once per text (an ONNX model run is milliseconds). */
  private async interestVector(text: string): Promise<Float32Array | null> {
    const cached = this.interestVectors.get(text);
    if (cached) return cached;
    const [vector] = await this.embedder.embed([text]);
    if (!vector) return null;
    if (this.interestVectors.size >= MAX_INTEREST_VECTORS) this.interestVectors.delete(this.interestVectors.keys().next().value!);
    this.interestVectors.set(text, vector);
    return vector;
  }
}

/** One seed per user (or request) and hour: the same state ranks the same way, exploration varies over time. */
function seedOf(tenantId: string, key: string, now: number): number {
  return createHash('sha256').update(`${tenantId}\0${key}\0${Math.floor(now / 3_600_000)}`).digest().readUInt32LE(0);
}

/** Six decimals: what a snapshot stores and so what every page shows. */
const roundScore = (score: number) => Number(score.toFixed(6));
