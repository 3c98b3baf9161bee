import type { Category } from '../analysis/categories.js';
import type { Embedder } from '../analysis/embedder.js';
import type { Properties } from '../users/user-properties.js';
import type { RankingBackend } from './ranking-backend.js';
import type { RankedList } from './ranked-list.js';
import type { EngineRequest, ExplainedRanked } from './ranking-engine.js';
import type { UserFeedState } from './user-feed-state.js';

export type { ExplainedRanked, Ranked } from './ranking-engine.js';
export type { RankedList } from './ranked-list.js';

const MAX_INTEREST_VECTORS = 10_000;

/** A ranking as the feed, the preview and push jobs ask for it: the user's state as loaded. */
export interface RankRequest extends Omit<EngineRequest, 'user' | 'interestVector' | 'interestCategory' | 'latent'> {
  user: UserFeedState;
}

/** Why a ranking ran: the label of feed_rankings_total. */
export type RankingReason = 'list' | 'continuation' | 'push';

/** Who waits for a ranking: a request, or nobody (a background re-ranking, a push user), which yields to requests' rankings. */
export type RankingFor = 'request' | 'background';

/** Counts rankings, the time they took where they ran, and how long they waited to get there (the feed's metrics). */
export interface RankingMeter {
  ranked(reason: RankingReason, ms: number, waitedMs: number, waiting: RankingFor): void;
}

/**
 * This thread's side of ranking: embeds the user's `interests` (the embedder
 * lives here, with the crawler) and hands the ranking to the backend, a
 * ranking thread or this thread (ranking-backend.ts).
 */
export class UserRanker {
  private readonly interestVectors = new Map<string, Float32Array>();

  constructor(
    readonly backend: RankingBackend,
    private readonly embedder: Embedder,
    private readonly meter: RankingMeter,
    /** What the category classifier says the interests are about (content/category-learning.ts). */
    private readonly categories: { categoryOf(text: string, language: string | null): Category | null } | null = null,
    /** The item-vector model (content/item-vector-learning.ts): its version says which latent vectors rankings compare. */
    private readonly itemVectors: {
      readonly current: { version: number } | null;
      project(text: string): { vector: Float32Array; version: number } | null;
    } | null = null,
  ) {}

  /** Loads the pool now (at start), so the first request does not wait for it; `whole`: resolves once all of it is in. */
  warmUp(now: number, whole?: boolean): Promise<void> {
    return this.backend.warmUp(now, whole);
  }

  /** Push users are ranked in the background by default: nobody waits on one user of a job. */
  async rank(
    request: RankRequest,
    reason: RankingReason,
    waiting: RankingFor = reason === 'push' ? 'background' : 'request',
  ): Promise<RankedList> {
    const engineRequest = await this.engineRequest(request);
    const sent = performance.now();
    const { ranked, ms } = await this.backend.rank(engineRequest, waiting === 'background');
    // The round trip less the ranking: the ranking thread's queue, and the request's and answer's passage.
    this.meter.ranked(reason, ms, Math.max(0, performance.now() - sent - ms), waiting);
    return ranked;
  }

  /** Push users, a slice in one message to whichever ranking thread is free; the lists in the slice's order. */
  async rankSlice(requests: RankRequest[]): Promise<RankedList[]> {
    const engineRequests = await Promise.all(requests.map((r) => this.engineRequest(r)));
    const sent = performance.now();
    const { lists, ms } = await this.backend.rankSlice(engineRequests);
    const waited = Math.max(0, performance.now() - sent - ms);
    for (let i = 0; i < lists.length; i++) this.meter.ranked('push', ms / lists.length, waited, 'background');
    return lists;
  }

  async explain(request: RankRequest): Promise<ExplainedRanked[]> {
    return this.backend.explain(await this.engineRequest(request));
  }

  private async engineRequest(request: RankRequest): Promise<EngineRequest> {
    const { user } = request;
    const interestVector = user.registered ? await this.interestVector(user.properties) : null;
    const text = user.registered ? interestText(user.properties) : null;
    // Not cached: the classifier keeps learning, and a classification is microseconds.
    const interestCategory = text !== null && this.categories !== null ? this.categories.categoryOf(text, null) : null;
    const model = this.itemVectors?.current ?? null;
    // Projecting a few words is microseconds; the version is the model's, so it matches the items'.
    const projected = model !== null && text !== null ? this.itemVectors!.project(text) : null;
    const latent =
      model === null ? null : { version: model.version, interests: projected?.version === model.version ? projected.vector : null };
    return {
      ...request,
      user: { registered: user.registered, followed: user.followed, blocked: user.blocked, read: user.read, signals: user.signals },
      interestVector,
      interestCategory,
      latent,
    };
  }

  /** Interests change rarely and repeat across users: embedded once per text (an ONNX model run is milliseconds). */
  private async interestVector(properties: Properties): Promise<Float32Array | null> {
    const text = interestText(properties);
    if (text === null) return null;
    const cached = this.interestVectors.get(text);
    if (cached) return cached;
    const [vector] = await this.embedder.embed([text]);
    if (!vector) return null;
    if (this.interestVectors.size >= MAX_INTEREST_VECTORS) this.interestVectors.delete(this.interestVectors.keys().next().value!);
    this.interestVectors.set(text, vector);
    return vector;
  }
}

/** The user's declared `interests` as one text, or null without any. */
function interestText(properties: Properties): string | null {
  const interests = Array.isArray(properties.interests) ? properties.interests.filter((i): i is string => typeof i === 'string') : [];
  return interests.length === 0 ? null : interests.join(' ');
}
