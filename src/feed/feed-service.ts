import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import type { Signer } from '../lib/signer.js';
import type { ScenarioCache } from '../scenarios/scenario-cache.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import { decodeCursor, encodeCursor, invalidCursor } from './feed-cursor.js';
import type { FeedContinuations } from './feed-continuations.js';
import type { FeedRankings } from './feed-rankings.js';
import { LIST_SIZE, type HeldList } from './held-list.js';
import { rankedAt } from './ranked-list.js';
import { prefectureOf, rankingAreas, type AreaQuery } from './resolve-feed-areas.js';
import type { Snapshot, SnapshotStore } from './snapshot-store.js';
import type { UserStates } from './user-states.js';

export interface FeedQuery extends AreaQuery {
  scenario: string;
  user_id?: string;
  limit: number;
  cursor?: string;
}

/** A feed page's price (SPEC Limits: 1 credit), counted per experiment variant. */
const FEED_PAGE_MILLICREDITS = 1000;

/** An item of a page: its view as the catalog holds it (feed-page-json.ts writes its JSON once), its score and its token. */
export interface FeedPageItem {
  view: ContentItemView;
  score: number;
  trackingToken: string;
}

/** An area the feed was ranked for, named with its prefecture so a client can tell 府中 (東京都) from 府中 (広島県). */
export interface FeedAreaView {
  id: string;
  name: string;
  level: string;
  prefecture: string | null;
}

export interface FeedPage {
  items: FeedPageItem[];
  nextCursor: string | null;
  /** What the request's (or the profile's) areas were understood as; what matched nothing. */
  areas: FeedAreaView[];
  ignoredAreas: string[];
}

export interface FeedServiceDeps {
  clock: Clock;
  areas: AreaDirectory;
  scenarios: ScenarioCache;
  users: UserStates;
  rankings: FeedRankings;
  /** What follows a list, for chains that read past it. */
  continuations: FeedContinuations;
  snapshots: SnapshotStore;
  /** Signs feed cursors (its own key purpose: a users-list cursor never verifies here). */
  feedCursors: Signer;
  tokens: TrackingTokens;
  contents: ContentCatalog;
}

/**
 * GET /v1/feed: who (registered → personalised; unregistered → generic but
 * without what it clicked; anonymous → generic), where (areas), then a page
 * of the list ranked ahead of the request (feed-rankings.ts). Everything it
 * reads is in memory: scenario, user state, list, item views. A cursor points
 * into the list it started from (a snapshot), so pages never repeat an item
 * and new content does not shift them; items read or of sources blocked since
 * are skipped when served.
 */
export class FeedService {
  constructor(private readonly deps: FeedServiceDeps) {}

  /** Writes this node's pending per-variant counts of pages served (before results are read). */
  flushExperimentCounts(): Promise<void> {
    return this.deps.scenarios.arms.served.flush();
  }

  async feed(tenantId: string, query: FeedQuery, requestId: string): Promise<FeedPage> {
    const { clock } = this.deps;
    const now = clock.now();
    const found = await this.deps.scenarios.get(tenantId, query.scenario);
    if (!found) throw errors.invalidField('query', 'scenario', `no scenario ${query.scenario}; scenarios are defined in the console`);
    const { scenario } = found;
    if (scenario.type !== 'feed')
      throw errors.invalidField('query', 'scenario', `${query.scenario} is a ${scenario.type} scenario; the feed needs a feed scenario`);

    // A later page needs the user's reads and blocks, not the signals a first page's list is chosen by.
    const user = await this.deps.users.get(tenantId, query.user_id, now, query.cursor === undefined ? 'rank' : 'serve');
    // Rules 4–8: the request's areas, else the registered user's profile areas.
    const { areas, ignored, targets } = rankingAreas(this.deps.areas, query, user);
    const areaViews = areas.map((a) => ({
      id: a.id,
      name: a.name,
      level: a.level,
      prefecture: prefectureOf(this.deps.areas, a)?.name ?? null,
    }));
    const binding = {
      tenantId,
      scenario: query.scenario,
      userId: query.user_id,
      query: { n: query.area_names, i: query.area_ids, l: query.area_level },
    };

    const state = query.cursor === undefined ? null : decodeCursor(this.deps.feedCursors, query.cursor, binding, now);
    // A running experiment's variant serves (docs/experiments.md); an anonymous chain keeps its first request's.
    const unit = state?.unit ?? requestId;
    const arm = await this.deps.scenarios.arm(found, query.user_id ?? null, unit);
    const listRequest = { tenantId, algorithm: arm.algorithm, userId: query.user_id, user, targets, pageSize: query.limit, now };
    let snapshotId: string;
    let snapshot: Snapshot;
    let list: HeldList | null = null;
    let offset: number;
    let startedAt: number;
    if (state !== null) {
      const stored = await this.deps.snapshots.load(state.snapshotId, now);
      if (!stored) throw invalidCursor('it expired (cursors last an hour); request the first page again');
      ({ snapshotId, offset, startedAt } = state);
      snapshot = stored;
    } else {
      list = await this.deps.rankings.list(listRequest);
      snapshotId = list.snapshotId;
      snapshot = { entries: list.ranked, covered: [] };
      offset = 0;
      startedAt = now;
    }

    // Walk the snapshot; items read or blocked since it was taken are skipped, never served.
    const page: { index: number; snapshot: Snapshot }[] = [];
    let position = offset;
    const continueChain = async () => {
      ({ snapshotId, snapshot } = await this.deps.continuations.next(listRequest, { snapshotId, snapshot }));
      position = 0;
    };
    for (;;) {
      const { ids, sourceIds } = snapshot.entries;
      while (position < ids.length && page.length < query.limit) {
        if (!user.read.has(ids[position]!) && !user.blocked.has(sourceIds[position]!)) page.push({ index: position, snapshot });
        position++;
      }
      const exhausted = position >= ids.length && ids.length >= LIST_SIZE;
      // A full list that ran out continues with a ranking of what the chain has not
      // covered: now, so next_cursor is null exactly when nothing further is left.
      if (exhausted) await continueChain();
      if (page.length === query.limit || snapshot.entries.ids.length === 0 || !exhausted) break;
    }
    const more = position < snapshot.entries.ids.length;
    // The chain's next page will reach the end of this full list: what follows is ranked now, off the request path.
    if (more && snapshot.entries.ids.length >= LIST_SIZE && position + query.limit >= snapshot.entries.ids.length)
      this.deps.continuations.prefetch(listRequest, { snapshotId, snapshot });
    // The cursor points into the held list itself (not a continuation): keep it from now on.
    if (more && list !== null && snapshotId === list.snapshotId) await this.deps.rankings.keepSnapshot(list, now);

    const served = page.map((p) => ({ entry: rankedAt(p.snapshot.entries, p.index), position: p.index }));
    const views = await this.deps.contents.items(served.map((p) => p.entry.id));
    const issuedAt = Math.floor(now / 1000);
    const items: FeedPageItem[] = [];
    for (const { entry, position: at } of served) {
      const view = views.get(entry.id);
      // Deleted since it was ranked, or its source blocked meanwhile (the view is authoritative).
      if (!view || user.blocked.has(view.source.id)) continue;
      const token = this.deps.tokens.issue({
        tenantId,
        contentId: entry.id,
        scenario: query.scenario,
        channel: 'feed',
        userId: query.user_id ?? null,
        requestId,
        position: at,
        issuedAt,
        features: entry.components ?? null,
        experiment: arm.experiment,
      });
      items.push({ view, score: entry.score, trackingToken: token });
    }
    const anonymousUnit = arm.experiment && query.user_id === undefined ? { unit } : {};
    const nextCursor = more
      ? encodeCursor(this.deps.feedCursors, { snapshotId, offset: position, startedAt, ...anonymousUnit }, binding)
      : null;
    if (arm.experiment)
      this.deps.scenarios.arms.served.count(tenantId, arm.experiment.id, arm.experiment.variant, {
        feedRequests: 1,
        millicredits: FEED_PAGE_MILLICREDITS,
      });
    return { items, nextCursor, areas: areaViews, ignoredAreas: ignored };
  }
}
