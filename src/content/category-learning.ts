import type { Kysely } from 'kysely';
import { isCategory, type Category } from '../analysis/categories.js';
import type { CategoryClassifier } from '../analysis/category-classifier.js';
import { embeddingTermCounts } from '../analysis/embedding-terms.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { ContentCatalog } from './content-catalog.js';

/** Labelled articles a worker learns from at start: enough for 94 % held out on livedoor (docs/analysis.md). */
const TRAINING_ARTICLES = 5000;
/** Articles categorised again per pass, newest first. */
const BACKFILL_ARTICLES = 2000;
const BACKFILL_WINDOW_MS = 7 * 24 * 60 * 60_000;
const BACKFILL_INTERVAL_MS = 10 * 60_000;
const PAGE = 250;
/** The longest the worker's event loop runs classifier work without yielding. */
const SLICE_MS = 4;

/**
 * The worker's side of the category classifier (the analyser learns from
 * each labelled article it analyses): at start it learns from the newest
 * labelled articles in the database, so a restarted worker is not blind; then
 * every 10 minutes it categorises again the recent articles that the
 * classifier left `other` or that have no category (stored before it was ready).
 */
export class CategoryLearning {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      classifier: CategoryClassifier;
      catalog: ContentCatalog;
      log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
    },
  ) {}

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
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Learns from the newest labelled articles (a feed's or a source's category); returns how many. */
  async trainFromStored(): Promise<number> {
    const { db, classifier } = this.deps;
    let learned = 0;
    let before: { at: number; id: string } | null = null;
    while (learned < TRAINING_ARTICLES) {
      let query = db
        .selectFrom('contents')
        .select(['id', 'title', 'body', 'summary', 'language', 'category', 'created_at'])
        .where('category', 'is not', null)
        .where('category', '!=', 'other')
        .where((eb) => eb.or([eb('category_source', 'is', null), eb('category_source', '!=', 'classifier')]));
      if (before !== null) {
        const b = before;
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(b.at, b.id)));
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PAGE).execute();
      await inSlices(rows, (row) => {
        if (row.category !== null && isCategory(row.category) && row.category !== 'other') {
          classifier.learn(termsOf(row), row.category);
          learned++;
        }
      });
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1]!;
      before = { at: Number(last.created_at), id: last.id };
    }
    return learned;
  }

  /** Categorises again the recent articles without a category or left `other` by the classifier; returns how many changed. */
  async backfill(): Promise<number> {
    const { db, clock, classifier, catalog } = this.deps;
    if (!classifier.ready) return 0;
    // Two reads through the index contents_category, not one OR over the window's articles.
    const since = clock.now() - BACKFILL_WINDOW_MS;
    const uncategorised = await db
      .selectFrom('contents')
      .select(['id', 'title', 'body', 'summary', 'language', 'category'])
      .where('category', 'is', null)
      .where('published_at', '>=', since)
      .orderBy('published_at', 'desc')
      .limit(BACKFILL_ARTICLES)
      .execute();
    const leftOther = await db
      .selectFrom('contents')
      .select(['id', 'title', 'body', 'summary', 'language', 'category'])
      .where('category', '=', 'other')
      .where('category_source', '=', 'classifier')
      .where('published_at', '>=', since)
      .orderBy('published_at', 'desc')
      .limit(BACKFILL_ARTICLES - uncategorised.length)
      .execute();
    const rows = [...uncategorised, ...leftOther];
    const changed: { id: string; category: string }[] = [];
    await inSlices(rows, (row) => {
      const { category } = classifier.classify(termsOf(row));
      if (category !== row.category) changed.push({ id: row.id, category });
    });
    const now = clock.now();
    for (const { id, category } of changed) {
      // updated_at moves, so the feed's content pools reload the item.
      await db.updateTable('contents').set({ category, category_source: 'classifier', updated_at: now }).where('id', '=', id).execute();
      catalog.forget(id);
    }
    return changed.length;
  }
}

/** The terms the analyser saw: title and text as it analysed them (article-store.ts). */
function termsOf(row: { title: string; body: string; summary: string; language: string | null }): string[] {
  return [...embeddingTermCounts(`${row.title}\n${row.body || row.summary}`, row.language).keys()];
}

/** Runs `work` over `items`, yielding the event loop every few milliseconds. */
async function inSlices<T>(items: readonly T[], work: (item: T) => void): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    work(item);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
