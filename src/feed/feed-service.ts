import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Embedder } from '../analysis/embedder.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Signer } from '../lib/signer.js';
import { buildProfile } from '../ranking/profile.js';
import { rank } from '../ranking/rank.js';
import type { UserProfile } from '../ranking/types.js';
import { findAlgorithm, findScenario } from '../scenarios/scenario-repo.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import type { ContentPool } from './content-pool.js';
import { decodeCursor, encodeCursor, invalidCursor } from './feed-cursor.js';
import type { Popularity } from './popularity.js';
import { toCandidate } from './pool-item.js';
import { areaTarget, resolveFeedAreas, type AreaQuery } from './resolve-feed-areas.js';
import { retrieveCandidates } from './retrieve-candidates.js';
import type { SnapshotStore } from './snapshot-store.js';
import { loadUserFeedState, type UserFeedState } from './user-feed-state.js';

/**
 * How many ranked items a cursor chain can page through: five pages of 20.
 * Diversification costs grow with its square (200 items took ~7 ms of CPU
 * per request, 100 take ~3 ms; bench/RESULTS.md).
 */
export const SNAPSHOT_SIZE = 100;
/** How long one generic (non-personalised) ranking serves every request that shares it. */
const GENERIC_TTL_MS = 2000;
const MAX_GENERIC_RANKINGS = 1000;

export interface FeedQuery extends AreaQuery {
  scenario: string;
  user_id?: string;
  limit: number;
  cursor?: string;
}

export type FeedItemView = ContentItemView & { score: number; tracking_token: string };

export interface FeedServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  areas: AreaDirectory;
  pool: ContentPool;
  popularity: Popularity;
  snapshots: SnapshotStore;
  cursors: Signer;
  tokens: TrackingTokens;
  contents: ContentCatalog;
  embedder: Embedder;
}

interface Ranked {
  id: string;
  score: number;
}

/**
 * GET /v1/feed: who (registered → personalised; unregistered → generic but
 * without what it clicked; anonymous → generic), where (areas), then
 * retrieval and ranking over the in-memory pool. The ranked list of a first
 * page is kept as a snapshot the cursor chain pages through, so pages never
 * repeat an item and new content does not shift them.
 */
export class FeedService {
  /** Generic rankings by tenant, algorithm, area context and page size: anonymous and unregistered requests share them. */
  private readonly generic = new Map<string, { ranked: Ranked[]; snapshotId: string; saved: boolean; expiresAt: number }>();

  constructor(private readonly deps: FeedServiceDeps) {}

  async feed(tenantId: string, query: FeedQuery, requestId: string): Promise<{ items: FeedItemView[]; nextCursor: string | null }> {
    const { db, clock } = this.deps;
    const scenario = await findScenario(db, tenantId, query.scenario);
    if (!scenario) throw errors.invalidField('query', 'scenario', `no scenario ${query.scenario}; scenarios are defined in the console`);
    if (scenario.type !== 'feed') throw errors.invalidField('query', 'scenario', `${query.scenario} is a ${scenario.type} scenario; the feed needs a feed scenario`);
    const algorithm = await findAlgorithm(db, tenantId, scenario.algorithmId);
    if (!algorithm) throw errors.internal();

    const user = await loadUserFeedState(db, tenantId, query.user_id);
    // Rules 4–8: the request's areas, else the registered user's profile areas.
    const areas = resolveFeedAreas(this.deps.areas, query, user.registered ? user.properties : {});
    const binding = { tenantId, scenario: query.scenario, userId: query.user_id, query: { n: query.area_names, i: query.area_ids, l: query.area_level } };
    const now = clock.now();

    let ranked: Ranked[];
    let offset: number;
    let snapshotId: string;
    let shared: { ranked: Ranked[]; snapshotId: string; saved: boolean; expiresAt: number } | undefined;
    if (query.cursor !== undefined) {
      const state = decodeCursor(this.deps.cursors, query.cursor, binding);
      const stored = await this.deps.snapshots.load(state.snapshotId, now);
      if (!stored) throw invalidCursor('it expired (cursors last an hour); request the first page again');
      ranked = stored.map(parseEntry);
      offset = state.offset;
      snapshotId = state.snapshotId;
    } else if (!user.registered) {
      // Not personalised: the same ranking for everyone asking in the same context
      // (items this id has read are skipped below), recomputed every two seconds.
      const key = [tenantId, algorithm.id, algorithm.updatedAt, query.limit, ...areas.map((a) => a.id).sort()].join('\0');
      shared = this.generic.get(key);
      if (!shared || shared.expiresAt <= now) {
        const targets = areas.map((a) => areaTarget(this.deps.areas, a));
        shared = { ranked: await this.rankFresh(tenantId, algorithm.config, user, targets, now, 'generic', query.limit), snapshotId: newId('snp'), saved: false, expiresAt: now + GENERIC_TTL_MS };
        if (this.generic.size >= MAX_GENERIC_RANKINGS) this.generic.delete(this.generic.keys().next().value!);
        this.generic.set(key, shared);
      }
      ranked = shared.ranked;
      offset = 0;
      snapshotId = shared.snapshotId;
    } else {
      const targets = areas.map((a) => areaTarget(this.deps.areas, a));
      ranked = await this.rankFresh(tenantId, algorithm.config, user, targets, now, query.user_id ?? requestId, query.limit);
      offset = 0;
      snapshotId = newId('snp');
    }

    // Items read or blocked since the snapshot was taken are skipped, never served.
    const page: { entry: Ranked; position: number }[] = [];
    let next = offset;
    while (next < ranked.length && page.length < query.limit) {
      const entry = ranked[next]!;
      next++;
      const item = this.deps.pool.get(entry.id);
      if (user.read.has(entry.id) || (item && user.blocked.has(item.sourceId))) continue;
      page.push({ entry, position: next - 1 });
    }
    const more = next < ranked.length;
    // A shared generic ranking is saved once, however many chains start from it.
    if (query.cursor === undefined && more && !shared?.saved) {
      await this.deps.snapshots.save(snapshotId, ranked.map(formatEntry), now);
      if (shared) shared.saved = true;
    }

    const views = await this.deps.contents.items(page.map((p) => p.entry.id));
    const issuedAt = Math.floor(now / 1000);
    const items: FeedItemView[] = [];
    for (const { entry, position } of page) {
      const view = views.get(entry.id);
      if (!view) continue; // deleted since it was ranked
      const token = this.deps.tokens.issue({ tenantId, contentId: entry.id, scenario: query.scenario, channel: 'feed', userId: query.user_id ?? null, requestId, position, issuedAt });
      items.push({ ...view, score: entry.score, tracking_token: token });
    }
    return { items, nextCursor: more ? encodeCursor(this.deps.cursors, { snapshotId, offset: next }, binding) : null };
  }

  private async rankFresh(
    tenantId: string,
    config: Parameters<typeof rank>[1]['config'] & Parameters<typeof retrieveCandidates>[0]['config'],
    user: UserFeedState,
    areas: ReturnType<typeof areaTarget>[],
    now: number,
    seedKey: string,
    pageSize: number,
  ): Promise<Ranked[]> {
    const pool = await this.deps.pool.ready();
    const popularity = await this.deps.popularity.of(tenantId);
    const profile = user.registered ? await this.profileOf(user, now) : null;
    const candidates = retrieveCandidates({
      pool,
      config,
      now,
      profile,
      areas,
      followed: user.registered ? user.followed : new Set(),
      read: user.read,
      blocked: user.blocked,
      popular: popularity.top(),
    });
    const ranked = rank(
      candidates.map((c) => toCandidate(c, popularity.item(c.id))),
      { profile, areas, config, now, seed: seedOf(tenantId, seedKey, now), tenantCtr: popularity.totals },
      { limit: SNAPSHOT_SIZE, pageSize },
    );
    // Scores as every page of the chain shows them (the snapshot keeps six decimals).
    return ranked.map((r) => parseEntry(formatEntry({ id: r.id, score: r.score })));
  }

  private async profileOf(user: UserFeedState, now: number): Promise<UserProfile> {
    const pool = this.deps.pool;
    const interests = Array.isArray(user.properties.interests) ? user.properties.interests.filter((i): i is string => typeof i === 'string') : [];
    const [interestVector] = interests.length > 0 ? await this.deps.embedder.embed([interests.join(' ')]) : [null];
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
      interestVector: interestVector ?? null,
      followedSources: user.followed,
      now,
    });
  }
}

/** One seed per user (or request) and hour: the same state ranks the same way, exploration varies over time. */
function seedOf(tenantId: string, key: string, now: number): number {
  return createHash('sha256').update(`${tenantId}\0${key}\0${Math.floor(now / 3_600_000)}`).digest().readUInt32LE(0);
}

const formatEntry = (r: Ranked) => `${r.id}~${r.score.toFixed(6)}`;
const parseEntry = (text: string): Ranked => {
  const at = text.lastIndexOf('~');
  return { id: text.slice(0, at), score: Number(text.slice(at + 1)) };
};
