import type { Kysely } from 'kysely';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Signer } from '../lib/signer.js';
import type { AreaTarget } from '../ranking/types.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import { findAlgorithm, findScenario } from '../scenarios/scenario-repo.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import type { ContentPool } from './content-pool.js';
import { bindingKey, decodeCursor, encodeCursor, invalidCursor } from './feed-cursor.js';
import { areaTarget, resolveFeedAreas, type AreaQuery } from './resolve-feed-areas.js';
import type { Snapshot, SnapshotStore } from './snapshot-store.js';
import type { Ranked, RankRequest, UserRanker } from './user-ranker.js';
import { loadUserFeedState, type UserFeedState } from './user-feed-state.js';

/**
 * How many items one ranking orders: three pages of 20; a chain that reads
 * further continues with a new ranking of what it has not covered.
 * Diversification costs grow with its square (200 items took ~7 ms of CPU
 * per request, 100 ~3.4 ms, 60 ~1.9 ms; bench/RESULTS.md).
 */
export const SNAPSHOT_SIZE = 60;
/** How long one generic (non-personalised) ranking serves every request that shares it. */
const GENERIC_TTL_MS = 2000;
const MAX_GENERIC_RANKINGS = 1000;
const MAX_CHAINS = 100_000;

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
  ranker: UserRanker;
  snapshots: SnapshotStore;
  /** Signs feed cursors (its own key purpose: a users-list cursor never verifies here). */
  feedCursors: Signer;
  tokens: TrackingTokens;
  contents: ContentCatalog;
}

/**
 * GET /v1/feed: who (registered → personalised; unregistered → generic but
 * without what it clicked; anonymous → generic), where (areas), then
 * retrieval and ranking over the in-memory pool. The ranked list of a first
 * page is kept as a snapshot the cursor chain pages through, so pages never
 * repeat an item and new content does not shift them.
 */
export class FeedService {
  /** Generic rankings by tenant, algorithm, area context and page size, shared by anonymous requests for two seconds. */
  private readonly generic = new Map<string, Promise<{ ranked: Ranked[]; snapshotId: string; expiresAt: number }>>();
  /** The live chain of each user and query: a new first page replaces it, so snapshots are bounded by active users. */
  private readonly latestChain = new Map<string, string>();

  constructor(private readonly deps: FeedServiceDeps) {}

  async feed(tenantId: string, query: FeedQuery, requestId: string): Promise<{ items: FeedItemView[]; nextCursor: string | null }> {
    const { db, clock } = this.deps;
    const scenario = await findScenario(db, tenantId, query.scenario);
    if (!scenario) throw errors.invalidField('query', 'scenario', `no scenario ${query.scenario}; scenarios are defined in the console`);
    if (scenario.type !== 'feed') throw errors.invalidField('query', 'scenario', `${query.scenario} is a ${scenario.type} scenario; the feed needs a feed scenario`);
    const algorithm = await findAlgorithm(db, tenantId, scenario.algorithmId);
    if (!algorithm) throw errors.internal();

    const user = await loadUserFeedState(db, tenantId, query.user_id, clock.now());
    // Rules 4–8: the request's areas, else the registered user's profile areas.
    const areas = resolveFeedAreas(this.deps.areas, query, user.registered ? user.properties : {});
    const targets = areas.map((a) => areaTarget(this.deps.areas, a));
    const binding = { tenantId, scenario: query.scenario, userId: query.user_id, query: { n: query.area_names, i: query.area_ids, l: query.area_level } };
    const now = clock.now();
    const rankFor = (exclude: ReadonlySet<string>) => this.rankFresh(tenantId, algorithm.config, user, targets, now, query.user_id ?? requestId, query.limit, exclude);

    let snapshotId: string;
    let snapshot: Snapshot;
    let offset: number;
    if (query.cursor !== undefined) {
      const state = decodeCursor(this.deps.feedCursors, query.cursor, binding);
      const stored = await this.deps.snapshots.load(state.snapshotId, now);
      if (!stored) throw invalidCursor('it expired (cursors last an hour, and a new first page for the same user and query replaces the chain); request the first page again');
      ({ snapshotId, offset } = state);
      snapshot = stored;
    } else if (!user.registered && user.read.size === 0) {
      // Not personalised and nothing to leave out: one ranking serves every such request in this context.
      const shared = await this.sharedRanking(tenantId, algorithm, targets, query.limit, now, () => rankFor(new Set()));
      snapshotId = shared.snapshotId;
      snapshot = { entries: shared.ranked.map(formatEntry), covered: [] };
      offset = 0;
    } else {
      snapshotId = newId('snp');
      snapshot = { entries: (await rankFor(new Set())).map(formatEntry), covered: [] };
      offset = 0;
      await this.replaceChain(bindingKey(binding), snapshotId, snapshot, now);
    }

    // Walk the snapshot; items read or blocked since it was taken are skipped, never served.
    const page: { entry: Ranked; position: number }[] = [];
    let position = offset;
    const continueChain = async () => {
      const covered = [...snapshot.covered, ...snapshot.entries.map((e) => parseEntry(e).id)];
      const next = (await rankFor(new Set(covered))).map(formatEntry);
      snapshot = { entries: next, covered };
      position = 0;
      if (next.length === 0) return;
      snapshotId = newId('snp');
      await this.deps.snapshots.save(snapshotId, snapshot, now);
      if (query.user_id !== undefined) this.latestChain.set(bindingKey(binding), snapshotId);
    };
    for (;;) {
      while (position < snapshot.entries.length && page.length < query.limit) {
        const entry = parseEntry(snapshot.entries[position]!);
        position++;
        const sourceId = this.deps.pool.get(entry.id)?.sourceId;
        if (!user.read.has(entry.id) && !(sourceId && user.blocked.has(sourceId))) page.push({ entry, position: position - 1 });
      }
      const exhausted = position >= snapshot.entries.length && snapshot.entries.length >= SNAPSHOT_SIZE;
      // A full ranking that ran out continues with a ranking of what the chain has not
      // covered: now, so next_cursor is null exactly when nothing further is left.
      if (exhausted) await continueChain();
      if (page.length === query.limit || snapshot.entries.length === 0 || !exhausted) break;
    }
    const more = position < snapshot.entries.length;

    const views = await this.deps.contents.items(page.map((p) => p.entry.id));
    const issuedAt = Math.floor(now / 1000);
    const items: FeedItemView[] = [];
    for (const { entry, position: at } of page) {
      const view = views.get(entry.id);
      // Deleted since it was ranked, or its source blocked meanwhile (the view is authoritative).
      if (!view || user.blocked.has(view.source.id)) continue;
      const token = this.deps.tokens.issue({ tenantId, contentId: entry.id, scenario: query.scenario, channel: 'feed', userId: query.user_id ?? null, requestId, position: at, issuedAt });
      items.push({ ...view, score: entry.score, tracking_token: token });
    }
    return { items, nextCursor: more ? encodeCursor(this.deps.feedCursors, { snapshotId, offset: position }, binding) : null };
  }

  /** The shared generic ranking of a context, computed once per two seconds even under concurrent requests, and saved once. */
  private async sharedRanking(
    tenantId: string,
    algorithm: { id: string; updatedAt: number },
    targets: AreaTarget[],
    limit: number,
    now: number,
    compute: () => Promise<Ranked[]>,
  ): Promise<{ ranked: Ranked[]; snapshotId: string }> {
    const key = [tenantId, algorithm.id, algorithm.updatedAt, limit, ...targets.map((a) => a.id).sort()].join('\0');
    const cached = this.generic.get(key);
    if (cached && (await cached).expiresAt > now) return cached;
    const computing = (async () => {
      const ranked = await compute();
      const snapshotId = newId('snp');
      await this.deps.snapshots.save(snapshotId, { entries: ranked.map(formatEntry), covered: [] }, now);
      return { ranked, snapshotId, expiresAt: now + GENERIC_TTL_MS };
    })();
    if (this.generic.size >= MAX_GENERIC_RANKINGS) this.generic.delete(this.generic.keys().next().value!);
    this.generic.set(key, computing);
    computing.catch(() => this.generic.delete(key));
    return computing;
  }

  /** Saves a user's new chain and drops the one it replaces. */
  private async replaceChain(key: string, snapshotId: string, snapshot: Snapshot, now: number): Promise<void> {
    const previous = this.latestChain.get(key);
    if (previous) await this.deps.snapshots.delete(previous);
    this.latestChain.delete(key);
    if (this.latestChain.size >= MAX_CHAINS) this.latestChain.delete(this.latestChain.keys().next().value!);
    this.latestChain.set(key, snapshotId);
    await this.deps.snapshots.save(snapshotId, snapshot, now);
  }

  private rankFresh(
    tenantId: string,
    config: AlgorithmConfig,
    user: UserFeedState,
    areas: AreaTarget[],
    now: number,
    seedKey: string,
    pageSize: number,
    exclude: ReadonlySet<string>,
  ): Promise<Ranked[]> {
    return this.deps.ranker.rank(snapshotRankRequest({ tenantId, config, user, areas, now, seedKey, pageSize, exclude }));
  }
}

/**
 * What a first page ranks: a snapshot of SNAPSHOT_SIZE items whose diversity caps hold per
 * page. The console's preview (feed-preview.ts) ranks with it too, so it orders as the feed does.
 */
export function snapshotRankRequest(o: Omit<RankRequest, 'limit' | 'channels'>): RankRequest {
  return { ...o, limit: SNAPSHOT_SIZE };
}

const formatEntry = (r: Ranked) => `${r.id}~${r.score.toFixed(6)}`;
const parseEntry = (text: string): Ranked => {
  const at = text.lastIndexOf('~');
  return { id: text.slice(0, at), score: Number(text.slice(at + 1)) };
};
