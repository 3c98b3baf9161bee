import type { CategoryClassifier } from '../analysis/category-classifier.js';
import type { ChangeBus } from '../changes/change-bus.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import { CategoryLearning } from '../content/category-learning.js';
import { ItemVectorLearning } from '../content/item-vector-learning.js';
import { CollaborativeTrainer } from '../learning/collaborative-trainer.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * What the service learns from its articles and its users' events: categories,
 * item vectors and the collaborative model. On threads of their own where the
 * database is one another thread can open (not SQLite in memory).
 */
export function buildLearning(
  { config, database, clock, log }: RuntimeBase,
  parts: { classifier: CategoryClassifier; catalog: ContentCatalog; changes: ChangeBus },
) {
  const { classifier, catalog, changes } = parts;
  const learnOnThreads = config.feed.rankingThreads > 0 && !database.inMemory;
  const categories = new CategoryLearning({
    db: database.db,
    clock,
    classifier,
    catalog,
    log,
    databaseUrl: learnOnThreads ? config.databaseUrl : null,
  });
  const itemVectors = new ItemVectorLearning({
    db: database.db,
    clock,
    databaseUrl: config.databaseUrl,
    threaded: learnOnThreads,
    log,
    minArticles: config.feed.itemVectorMinArticles,
    dimensions: config.feed.itemVectorDimensions,
  });
  const trainer = new CollaborativeTrainer({
    db: database.db,
    databaseUrl: config.databaseUrl,
    clock,
    log,
    changes,
    intervalMs: config.feed.modelTrainIntervalMs,
    threaded: learnOnThreads,
  });
  return { categories, itemVectors, trainer };
}
