import type { Kysely } from 'kysely';
import { isCategory } from '../analysis/categories.js';
import type { CategoryClassifier } from '../analysis/category-classifier.js';
import { embeddingTermCounts } from '../analysis/embedding-terms.js';
import type { Database } from '../db/schema.js';

/** Labelled articles a process learns from at start: enough for 94 % held out on livedoor (docs/analysis.md). */
const TRAINING_ARTICLES = 5000;
/** Articles categorised again per pass, newest first. */
const BACKFILL_ARTICLES = 2000;
const PAGE = 250;
/** The longest a pass runs classifier work without yielding the event loop. */
const SLICE_MS = 4;

/**
 * The two passes of category-learning.ts over stored articles, on whichever
 * thread runs them: reading and tokenising thousands of articles costs ~0.7 s
 * of CPU at 5,000, which on the HTTP thread delayed the first feed after a
 * start (issue 15), so category-thread.ts runs them on a SQLite file.
 */

/** Learns from the newest labelled articles (a feed's or a source's category); returns how many. */
export async function learnFromStored(db: Kysely<Database>, classifier: CategoryClassifier): Promise<number> {
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

/**
 * The recent articles (published since `since`) without a category or left `other` by the classifier
 * whose category it now guesses differently.
 */
export async function recategorised(
  db: Kysely<Database>,
  classifier: CategoryClassifier,
  since: number,
): Promise<{ id: string; category: string }[]> {
  if (!classifier.ready) return [];
  // Two reads through the index contents_category, not one OR over the window's articles.
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
  const changed: { id: string; category: string }[] = [];
  await inSlices([...uncategorised, ...leftOther], (row) => {
    const { category } = classifier.classify(termsOf(row));
    if (category !== row.category) changed.push({ id: row.id, category });
  });
  return changed;
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
