import { findFittedWeights, type FittedWeights } from '../learning/fitted-weights.js';
import type { Weights } from '../learning/fit-weights.js';
import type { Kysely } from 'kysely';
import type { Area } from '../areas/area.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import type { ScoreParts } from '../ranking/score.js';
import { algorithmInScenario, type WeightsReason } from '../scenarios/scenario-algorithms.js';
import { findScenario, type Scenario } from '../scenarios/scenario-repo.js';
import { LIST_SIZE, personalListUser } from './held-list.js';
import { rankingAreas, type AreaQuery } from './resolve-feed-areas.js';
import { loadUserFeedState } from './user-feed-state.js';
import type { UserRanker } from './user-ranker.js';

export interface PreviewQuery extends AreaQuery {
  user_id?: string;
  /** Rank with this algorithm of the tenant instead of the scenario's (an experiment's variant, or one not yet in use). */
  algorithm_id?: string;
  limit: number;
}

export interface PreviewItem {
  view: ContentItemView;
  score: number;
  signals: ScoreParts;
  exploration: boolean;
}

export interface Preview {
  scenario: Scenario;
  user: { userId: string | null; registered: boolean };
  areas: Area[];
  /** Names or ids that matched no area (resolve-feed-areas.ts). */
  ignoredAreas: string[];
  /** The algorithm previewed: the scenario's, or the one the query named. */
  algorithmId: string;
  /**
   * The weights the ranking used, the configured ones, and those fitted to the clicks on what this
   * algorithm ranked in this scenario (docs/learning.md).
   */
  weights: { inUse: Weights; source: 'configured' | 'fitted'; reason: WeightsReason; configured: Weights; fitted: FittedWeights | null };
  items: PreviewItem[];
}

export interface FeedPreviewDeps {
  db: Kysely<Database>;
  clock: Clock;
  areas: AreaDirectory;
  ranker: UserRanker;
  contents: ContentCatalog;
}

/**
 * The console's scenario preview: the first page GET /v1/feed would serve this
 * user in this area context — the same user state, area rules (and their 400s),
 * ranking request and seed — with each item's score taken apart. It serves
 * nothing: it reads, and writes no snapshot, cursor, token, read mark, usage or
 * user. A push scenario ranks the same way with its own algorithm.
 */
export class FeedPreview {
  constructor(private readonly deps: FeedPreviewDeps) {}

  async preview(tenantId: string, scenarioName: string, query: PreviewQuery): Promise<Preview> {
    const { db, clock } = this.deps;
    const scenario = await findScenario(db, tenantId, scenarioName);
    if (!scenario) throw errors.notFound(`No scenario ${scenarioName} for tenant ${tenantId}.`);
    // As the feed ranks: with the weights fitted to this algorithm's clicks in the scenario when it asks for them,
    // except as a variant of the scenario's running experiment.
    const found = await algorithmInScenario(db, tenantId, scenario.name, query.algorithm_id ?? scenario.algorithmId);
    if (!found) {
      if (query.algorithm_id !== undefined)
        throw errors.invalidField('query', 'algorithm_id', `no algorithm ${query.algorithm_id} in this tenant`);
      throw errors.internal();
    }
    const { configured, ranking: algorithm, reason } = found;
    const fitted = await findFittedWeights(db, tenantId, scenario.name, configured.id);

    const now = clock.now();
    const user = await loadUserFeedState(db, tenantId, query.user_id, now);
    const { areas, ignored, targets } = rankingAreas(this.deps.areas, query, user);
    const ranked = await this.deps.ranker.explain({
      tenantId,
      config: algorithm.config,
      user,
      areas: targets,
      now,
      // The feed's list: the registered user's own seed, else the generic list's (feed-rankings.ts).
      seedKey: personalListUser(user, query.user_id) ?? 'generic',
      limit: LIST_SIZE,
      pageSize: query.limit,
    });
    const page = ranked.slice(0, query.limit);
    const views = await this.deps.contents.items(page.map((r) => r.id));
    const items: PreviewItem[] = [];
    for (const r of page) {
      const view = views.get(r.id);
      // As the feed: an item deleted since the pool saw it, or of a blocked source, is not shown.
      if (!view || user.blocked.has(view.source.id)) continue;
      items.push({ view, score: r.score, signals: r.signals, exploration: r.exploration });
    }
    const weights = {
      inUse: algorithm.config.weights,
      source: algorithm === configured ? ('configured' as const) : ('fitted' as const),
      reason,
      configured: configured.config.weights,
      fitted,
    };
    return {
      scenario,
      algorithmId: configured.id,
      user: { userId: query.user_id ?? null, registered: user.registered },
      areas,
      ignoredAreas: ignored,
      items,
      weights,
    };
  }
}
