import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import type { CategoryLearning } from '../content/category-learning.js';
import type { CorpusSync } from '../content/corpus-sync.js';
import type { ItemVectorLearning } from '../content/item-vector-learning.js';
import type { Crawler } from '../crawl/crawler.js';
import type { EventProcessor } from '../events/event-processor.js';
import type { FeedRankings } from '../feed/feed-rankings.js';
import type { CollaborativeTrainer } from '../learning/collaborative-trainer.js';
import type { PushWorker } from '../push/push-worker.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { BackgroundThread } from '../workers/background-thread.js';

/** The longest serve's worker thread and the classifier's training wait for the pool's load before they start. */
const BACKGROUND_START_LIMIT_MS = 5000;

/**
 * Starts what runs in the background, by the runtime's role: serve's HTTP side
 * starts its worker thread (which runs the workers) and learns as an API node;
 * a runtime that runs workers starts them all; an API node (`--no-workers`)
 * only keeps the categories and the item-vector model it ranks with.
 */
export function startBackgroundWork(parts: {
  background: BackgroundThread | null;
  runsWorkers: boolean;
  corpus: CorpusSync;
  categories: CategoryLearning;
  itemVectors: ItemVectorLearning;
  rankings: FeedRankings;
  events: EventProcessor;
  webhooks: WebhookDispatcher;
  pushWorker: PushWorker;
  crawler: Crawler;
  trainer: CollaborativeTrainer;
}): void {
  const { background, runsWorkers, categories, itemVectors } = parts;
  parts.corpus.start({ worker: runsWorkers });
  if (background) {
    itemVectors.start({ worker: false });
    // The worker thread's start (a runtime of its own, the classifier's training) and the
    // classifier's training here (tokenising thousands of articles) would take the cores the
    // first feeds need while the ranking threads read the pool (issue 15: on 2 cores they
    // doubled the first feed's time). They wait for the whole pool, or BACKGROUND_START_LIMIT_MS.
    void Promise.race([parts.rankings.loaded, setTimeoutPromise(BACKGROUND_START_LIMIT_MS, undefined, { ref: false })]).then(() => {
      // As an API node's, and the worker thread runs the rest.
      categories.start({ backfill: false });
      background.start();
    });
  } else if (runsWorkers) {
    parts.events.start();
    parts.webhooks.start();
    parts.pushWorker.start();
    parts.crawler.startScheduler();
    categories.start({ backfill: true });
    itemVectors.start({ worker: true });
    parts.trainer.start();
  } else {
    // An API node learns categories too: for direct ingests and users' interests.
    categories.start({ backfill: false });
    // And keeps the item-vector model: the version rankings compare, users' interests projected.
    itemVectors.start({ worker: false });
  }
}
