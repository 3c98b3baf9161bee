import type { Kysely } from 'kysely';
import type { Category } from '../analysis/categories.js';
import type { CategoryClassifier, ClassifierCounts } from '../analysis/category-classifier.js';
import { embeddingTermCounts } from '../analysis/embedding-terms.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { ThreadClient } from '../lib/thread-client.js';
import { learnFromStored, recategorised } from './category-passes.js';
import type { CategoryThreadCall } from './category-thread.js';
import type { ContentCatalog } from './content-catalog.js';

const THREAD_ENTRY = new URL('./category-thread.js', import.meta.url);
const BACKFILL_WINDOW_MS = 7 * 24 * 60 * 60_000;
const BACKFILL_INTERVAL_MS = 10 * 60_000;

/**
 * The worker's side of the category classifier (the analyser learns from
 * each labelled article it analyses): at start it learns from the newest
 * labelled articles in the database, so a restarted worker is not blind; then
 * every 10 minutes it categorises again the recent articles that the
 * classifier left `other` or that have no category (stored before it was ready).
 * Both passes read and tokenise thousands of articles: with `databaseUrl` (a
 * database another thread can open) they run on a thread of their own,
 * started at the first pass (category-thread.ts), and this thread only adds up
 * the counts and writes the changes.
 */
export class CategoryLearning {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** Stopped: a start due later (serve's waits for the pool's load) does nothing. */
  private stopped = false;
  private readonly thread: ThreadClient<CategoryThreadCall> | null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      classifier: CategoryClassifier;
      catalog: ContentCatalog;
      log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
      /** Run the passes on a thread with a connection to this database (null: on this thread). */
      databaseUrl: string | null;
    },
  ) {
    this.thread = deps.databaseUrl
      ? new ThreadClient<CategoryThreadCall>(
          'category',
          THREAD_ENTRY,
          { databaseUrl: deps.databaseUrl },
          (err) => deps.log.error({ err }, 'category thread failed'),
          false,
        )
      : null;
  }

  /** The classifier has learned enough to guess (tests, status). */
  get classifierReady(): boolean {
    return this.deps.classifier.ready;
  }

  /**
   * Learns from the stored labelled articles in the background; a worker
   * (`backfill`) then categorises again what needs it, now and every 10 minutes.
   * API nodes learn too: they categorise direct ingests and users' interests.
   */
  start(options: { backfill: boolean }): void {
    if (this.stopped) return;
    const pass = () => {
      this.running ??= this.backfill()
        .catch((err: unknown) => this.deps.log.error({ err }, 'category backfill failed'))
        .finally(() => (this.running = null));
    };
    this.running = this.trainFromStored()
      .then((learned) => this.deps.log.info({ learned }, 'category classifier trained from stored articles'))
      .then(() => (options.backfill ? this.backfill() : 0))
      .catch((err: unknown) => this.deps.log.error({ err }, 'category classifier training failed'))
      .finally(() => (this.running = null));
    if (!options.backfill) return;
    this.timer = setInterval(pass, BACKFILL_INTERVAL_MS);
    this.timer.unref();
  }

  /** Resolves when the training or pass under way has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }

  /** The category a short text (a user's interests) is about, or null when the classifier cannot tell. */
  categoryOf(text: string, language: string | null): Category | null {
    const { category } = this.deps.classifier.classify([...embeddingTermCounts(text, language).keys()]);
    return category === 'other' ? null : category;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    await this.thread?.close();
  }

  /** Learns from the newest labelled articles (a feed's or a source's category); returns how many. */
  async trainFromStored(): Promise<number> {
    const { db, classifier } = this.deps;
    if (!this.thread) return learnFromStored(db, classifier);
    const { result } = await this.thread.call({ kind: 'learn' });
    const { learned, counts } = result as { learned: number; counts: ClassifierCounts };
    classifier.absorb(counts);
    return learned;
  }

  /** Categorises again the recent articles without a category or left `other` by the classifier; returns how many changed. */
  async backfill(): Promise<number> {
    const { db, clock, classifier, catalog } = this.deps;
    if (!classifier.ready) return 0;
    const since = clock.now() - BACKFILL_WINDOW_MS;
    const changed = this.thread
      ? ((await this.thread.call({ kind: 'recategorise', learned: classifier.learned(), since })).result as {
          id: string;
          category: string;
        }[])
      : await recategorised(db, classifier, since);
    const now = clock.now();
    for (const { id, category } of changed) {
      // updated_at moves, so the feed's content pools reload the item.
      await db.updateTable('contents').set({ category, category_source: 'classifier', updated_at: now }).where('id', '=', id).execute();
      catalog.forget(id);
    }
    return changed.length;
  }
}
