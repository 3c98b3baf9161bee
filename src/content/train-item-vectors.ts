import { sql, type Kysely } from 'kysely';
import { LATENT_DEFAULTS, columnsOf, projectText, trainLatentModel, type LatentModel } from '../analysis/latent-model.js';
import { encodeVector } from '../analysis/vector-codec.js';
import type { Database } from '../db/schema.js';
import { POOL_WINDOW_MS } from '../feed/content-pool.js';
import { saveItemVectorModel } from './item-vector-store.js';

/**
 * Below this many stored articles nothing is learned and relevance uses the
 * hashed vectors alone: 64 latent dimensions need a vocabulary that recurs
 * across many articles (on livedoor, 1,000 articles keep ~9,000 terms seen in
 * at least 3 of them), and a handful of articles would give dimensions that
 * each fit one article.
 */
export const MIN_ARTICLES = 1000;
/** The newest articles trained on: ~13 s of tokenising and ~5 s of SVD on one core (docs/learning.md). */
export const TRAINING_ARTICLES = 10_000;
const PAGE = 500;
const SLICE_MS = 4;

export interface ItemVectorReport {
  trained: boolean;
  version: number;
  articles: number;
  terms: number;
  dimensions: number;
  readMs: number;
  trainMs: number;
  projected: number;
  projectMs: number;
}

/**
 * A full training: reads the newest articles, learns the model (latent-model.ts),
 * stores it as the next version, then projects every article of the pool's
 * window with it. The caller holds the lease. Nothing is stored when the corpus
 * is under `minArticles`.
 */
export async function trainItemVectors(
  db: Kysely<Database>,
  now: number,
  options: { minArticles?: number; dimensions?: number } = {},
): Promise<ItemVectorReport> {
  const started = performance.now();
  const rows = await db
    .selectFrom('contents')
    .select(['title', 'body', 'summary'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAINING_ARTICLES)
    .execute();
  const readMs = performance.now() - started;
  const report: ItemVectorReport = {
    trained: false,
    version: 0,
    articles: rows.length,
    terms: 0,
    dimensions: 0,
    readMs,
    trainMs: 0,
    projected: 0,
    projectMs: 0,
  };
  if (rows.length < (options.minArticles ?? MIN_ARTICLES)) return report;
  const trained = trainLatentModel(rows.map(textOf), { dimensions: options.dimensions ?? LATENT_DEFAULTS.dimensions });
  report.trainMs = performance.now() - started - readMs;
  if (trained === null) return report;
  const version = await saveItemVectorModel(db, now, trained, report.trainMs);
  const projectStarted = performance.now();
  report.projected = await projectArticles(db, { version, ...trained }, now, { limit: Infinity });
  report.projectMs = performance.now() - projectStarted;
  return { ...report, trained: true, version, terms: trained.terms.length, dimensions: trained.dimensions };
}

/**
 * Projects the articles of the pool's window that the model has not (new ones,
 * or made by an older version), newest first, up to `limit`; returns how many.
 * Each written row's updated_at moves, so every node's content pool reloads it.
 * A projected row leaves the query's condition, so each page asks again for
 * the rows still to do: no keyset, and rows already done are never read.
 */
export async function projectArticles(db: Kysely<Database>, model: LatentModel, now: number, options: { limit: number }): Promise<number> {
  const columns = columnsOf(model);
  let projected = 0;
  let sliceStart = performance.now();
  while (projected < options.limit) {
    const rows = await stillToProject(db, model.version, now - POOL_WINDOW_MS, Math.min(PAGE, options.limit - projected));
    if (rows.length === 0) break;
    const updates: { id: string; vector: string | null }[] = [];
    for (const row of rows) {
      const vector = projectText(model, textOf(row), null, columns);
      updates.push({ id: row.id, vector: vector === null ? null : encodeVector(vector) });
      // On a worker's event loop (the periodic pass) tokenising must not hold it: ~1.3 ms an article.
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    await db.transaction().execute(async (trx) => {
      for (const u of updates) {
        await trx
          .updateTable('contents')
          .set({
            latent_vector: u.vector,
            latent_version: model.version,
            updated_at: sql<number>`CASE WHEN updated_at >= ${now} THEN updated_at + 1 ELSE ${now} END`,
          })
          .where('id', '=', u.id)
          .execute();
      }
    });
    projected += updates.length;
  }
  return projected;
}

/**
 * Up to `limit` articles of the window the model has not projected: new ones
 * (no latent version) newest first, then those of older versions in any
 * order. Both are read through the index contents_latent_version, so a pass
 * with nothing to do costs two index probes, not a read of the window (0.1
 * against 470 ms on the 100,000-article bench file). `+published_at` keeps
 * SQLite from choosing the published_at index for the second query, which
 * would read the whole window to find none.
 */
async function stillToProject(db: Kysely<Database>, version: number, windowStart: number, limit: number) {
  const fresh = await db
    .selectFrom('contents')
    .select(['id', 'title', 'body', 'summary'])
    .where('latent_version', 'is', null)
    .where('published_at', '>=', windowStart)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (fresh.length === limit) return fresh;
  const older = await db
    .selectFrom('contents')
    .select(['id', 'title', 'body', 'summary'])
    .where('latent_version', '<', version)
    .where(sql<number>`+published_at`, '>=', windowStart)
    .limit(limit - fresh.length)
    .execute();
  return [...fresh, ...older];
}

/** The text the analyser embedded (article-store.ts): title and body, or the summary without one. */
function textOf(row: { title: string; body: string; summary: string }): string {
  return `${row.title}\n${row.body || row.summary}`;
}
