import type { Kysely } from 'kysely';
import { LATENT_DEFAULTS, projectText, type LatentModel } from '../analysis/latent-model.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { startThread } from '../lib/start-thread.js';
import type { ItemVectorThreadInput } from './item-vector-thread.js';
import { itemVectorModelVersion, loadItemVectorModel, releaseItemVectorLease, takeItemVectorLease } from './item-vector-store.js';
import { MIN_ARTICLES, projectArticles, trainItemVectors, type ItemVectorReport } from './train-item-vectors.js';

/** How often every process checks the stored model's version, and a worker folds in new articles. */
const PASS_INTERVAL_MS = 60_000;
/** New articles a fold-in pass projects, newest first (a busy crawl adds ~5 a minute). */
const FOLD_IN_ARTICLES = 2000;
/** A retraining needs this share of articles added since the last one, and this much time. */
const RETRAIN_GROWTH = 0.25;
const RETRAIN_AFTER_MS = 60 * 60_000;
/** Longer than a training of 10,000 articles and a projection of a 100,000-article window (docs/learning.md). */
const LEASE_MS = 30 * 60_000;
const THREAD_ENTRY = new URL('./item-vector-thread.js', import.meta.url);

/**
 * Item vectors learned from the corpus (docs/learning.md), in every process:
 * each keeps the stored model (API nodes project users' `interests` with it),
 * and a worker, once a minute, projects new articles with it and, when the
 * corpus has grown by a quarter (or reached MIN_ARTICLES without a model),
 * trains the next version under a lease, on a thread of its own.
 */
export class ItemVectorLearning {
  private model: LatentModel | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      databaseUrl: string;
      /** Train on a thread of its own (false: inline, for a database only this thread can open). */
      threaded: boolean;
      log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
      minArticles?: number;
      dimensions?: number;
    },
  ) {}

  /** The model in use (null: the corpus was too small, or nothing trained yet). */
  get current(): LatentModel | null {
    return this.model;
  }

  start(options: { worker: boolean }): void {
    const pass = () => {
      this.running ??= this.pass(options.worker)
        .catch((err: unknown) => this.deps.log.error({ err }, 'item vector pass failed'))
        .finally(() => (this.running = null));
    };
    pass();
    this.timer = setInterval(pass, PASS_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Resolves when the pass under way has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running?.catch(() => {});
  }

  /** `interests` in the latent space, with the version that made it; null without a model or a known term. */
  project(text: string): { vector: Float32Array; version: number } | null {
    const model = this.model;
    if (model === null) return null;
    const vector = projectText(model, text);
    return vector === null ? null : { vector, version: model.version };
  }

  /** Loads the stored model when its version changed; returns the version in use (0: none). */
  async refresh(): Promise<number> {
    const version = await itemVectorModelVersion(this.deps.db);
    if (version !== (this.model?.version ?? 0)) this.model = await loadItemVectorModel(this.deps.db);
    return this.model?.version ?? 0;
  }

  /** Trains now under the lease (the worker's schedule; tests); null when another worker holds it. */
  async train(): Promise<ItemVectorReport | null> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    if (!(await takeItemVectorLease(db, now, now + LEASE_MS))) return null;
    try {
      const minArticles = this.deps.minArticles ?? MIN_ARTICLES;
      const options = { minArticles, dimensions: this.deps.dimensions ?? LATENT_DEFAULTS.dimensions };
      const report = this.deps.threaded
        ? await this.trainOnThread({ databaseUrl: this.deps.databaseUrl, now, ...options })
        : await trainItemVectors(db, now, options);
      log.info({ ...report }, report.trained ? 'item vectors trained' : 'item vectors not trained: corpus too small');
      await this.refresh();
      return report;
    } finally {
      await releaseItemVectorLease(db).catch(() => {});
    }
  }

  /** Projects the window's articles the current model has not (new ones); returns how many. */
  async foldIn(): Promise<number> {
    const model = this.model;
    return model === null ? 0 : projectArticles(this.deps.db, model, this.deps.clock.now(), { limit: FOLD_IN_ARTICLES });
  }

  private async pass(worker: boolean): Promise<void> {
    await this.refresh();
    if (!worker) return;
    if (await this.due()) await this.train();
    await this.foldIn();
  }

  /** No model and MIN_ARTICLES articles, or a quarter as many new articles as the model learned from and an hour since. */
  private async due(): Promise<boolean> {
    const { db, clock } = this.deps;
    const row = await db.selectFrom('item_vector_models').select(['trained_at', 'articles']).where('id', '=', 'corpus').executeTakeFirst();
    const trainedAt = row?.trained_at == null ? null : Number(row.trained_at);
    if (trainedAt !== null && clock.now() - trainedAt < RETRAIN_AFTER_MS) return false;
    const added = await db
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>', trainedAt ?? -1)
      .executeTakeFirstOrThrow();
    const needed = trainedAt === null ? (this.deps.minArticles ?? MIN_ARTICLES) : Number(row!.articles) * RETRAIN_GROWTH;
    return Number(added.n) >= needed;
  }

  private trainOnThread(input: ItemVectorThreadInput): Promise<ItemVectorReport> {
    return new Promise((resolve, reject) => {
      const thread = startThread(THREAD_ENTRY, input);
      thread.once('message', (reply: { report: ItemVectorReport } | { error: string }) =>
        'error' in reply ? reject(new Error(`item vector thread: ${reply.error}`)) : resolve(reply.report),
      );
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`item vector thread exited with code ${code}`)));
    });
  }
}
