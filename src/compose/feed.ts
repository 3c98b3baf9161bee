import type { Embedder } from '../analysis/embedder.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { EarlyRanking } from '../cli/early-ranking.js';
import type { ChangeBus } from '../changes/change-bus.js';
import type { CategoryLearning } from '../content/category-learning.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ItemVectorLearning } from '../content/item-vector-learning.js';
import { FeedContinuations } from '../feed/feed-continuations.js';
import { FeedPreview } from '../feed/feed-preview.js';
import { FeedRankings } from '../feed/feed-rankings.js';
import { FeedService } from '../feed/feed-service.js';
import type { SnapshotStore } from '../feed/snapshot-store.js';
import { UserRanker } from '../feed/user-ranker.js';
import { UserStates } from '../feed/user-states.js';
import { Signer } from '../lib/signer.js';
import { rankingMeter } from '../metrics/index.js';
import { rankingBackend, userStateLoader, type RankingPorts } from '../runtime-threads.js';
import { ScenarioCache } from '../scenarios/scenario-cache.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * Feeds and rankings: the ranker (on ranking threads, inline, or, on serve's
 * worker thread, on the HTTP thread's through `rankingPorts`), users' states,
 * the ranked lists, the feed service and the operator's preview. `snapshots` is
 * the store the root chose (Redis when REDIS_URL is set, else memory).
 */
export function buildFeed(
  base: RuntimeBase,
  parts: {
    secretKey: string;
    embedder: Embedder;
    areas: AreaDirectory;
    catalog: ContentCatalog;
    categories: CategoryLearning;
    itemVectors: ItemVectorLearning;
    snapshots: SnapshotStore;
    changes: ChangeBus;
    tokens: TrackingTokens;
    onWorkerThread: boolean;
    rankingPorts: RankingPorts | undefined;
    earlyRanking: EarlyRanking | undefined;
  },
) {
  const { config, database, clock, log, metrics } = base;
  const { embedder, areas, catalog, snapshots, changes } = parts;
  const ranker = new UserRanker(
    rankingBackend(config, database, clock, embedder.dimensions, log, parts.rankingPorts, parts.earlyRanking),
    embedder,
    rankingMeter(metrics),
    parts.categories,
    parts.itemVectors,
  );
  const scenarios = new ScenarioCache(database.db, clock);
  const userStates = userStateLoader(config, database, log, parts.onWorkerThread);
  const users = new UserStates(userStates.load, config.feed.listCapacity);
  const rankings = new FeedRankings({ clock, ranker, users, snapshots, changes, capacity: config.feed.listCapacity, log });
  const feed = new FeedService({
    feedCursors: new Signer(parts.secretKey, 'feed-cursor'),
    clock,
    areas,
    scenarios,
    users,
    rankings,
    continuations: new FeedContinuations({ ranker, users, snapshots }),
    snapshots,
    tokens: parts.tokens,
    contents: catalog,
  });
  const feedPreview = new FeedPreview({ db: database.db, clock, areas, ranker, contents: catalog });
  return { ranker, scenarios, userStates, rankings, feed, feedPreview };
}
