import type { Kysely } from 'kysely';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { Embedder } from '../analysis/embedder.js';
import { HashedTfIdfEmbedder } from '../analysis/hashed-tfidf-embedder.js';
import { loadOnnxEmbedder } from '../analysis/onnx-embedder.js';
import { AreaDirectory } from '../areas/area-directory.js';
import type { Config } from '../config.js';
import { ArticleAnalyser } from '../content/article-analyser.js';
import { ArticleStore } from '../content/article-store.js';
import { CategoryLearning } from '../content/category-learning.js';
import { ItemVectorLearning } from '../content/item-vector-learning.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import { NearDuplicateIndex } from '../content/near-duplicate-index.js';
import { loadTermStats, saveTermStats } from '../content/term-stats-repo.js';
import type { Database } from '../db/schema.js';
import { HostPoliteness } from '../fetch/host-politeness.js';
import { PoliteFetcher } from '../fetch/polite-fetcher.js';
import { RobotsRules } from '../fetch/robots.js';
import type { InProcessSite } from '../fetch/in-process-site.js';
import { SafeFetcher } from '../fetch/safe-fetcher.js';
import type { Clock } from '../lib/clock.js';
import { Crawler } from './crawler.js';

export const USER_AGENT = 'content-feed/0.1 (+https://github.com/content-feed; news crawler)';
/** How often learned term statistics are saved, and other nodes' area imports picked up. */
const PERSIST_INTERVAL_MS = 60_000;

export interface ContentPipeline {
  areas: AreaDirectory;
  /** The embedder of articles; the feed embeds user interests with it too. */
  embedder: Embedder;
  articles: ArticleStore;
  crawler: Crawler;
  /** The category classifier's training from stored articles and its backfill (workers start it). */
  categories: CategoryLearning;
  /** The item-vector model (LSA) learned from the corpus: API nodes project interests with it, workers train it. */
  itemVectors: ItemVectorLearning;
  /** Starts the crawl scheduler (workers only). */
  startWorkers(): void;
  close(): Promise<void>;
}

/** Builds the crawl → extract → analyse → store chain (DESIGN §7) from configuration. */
export async function createContentPipeline(o: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  metrics: Registry;
  catalog: ContentCatalog;
  /** Sites answered in this process (the demo site). */
  inProcessSites?: readonly InProcessSite[];
}): Promise<ContentPipeline> {
  const { config, db, clock, log } = o;
  const areas = await AreaDirectory.load(db);
  const termStats = await loadTermStats(db);
  const embedder: Embedder = config.embeddingModelPath
    ? await loadOnnxEmbedder(config.embeddingModelPath)
    : new HashedTfIdfEmbedder({ df: termStats });
  log.info({ embedder: embedder.id, areas: areas.size }, 'content pipeline ready');
  const analyser = new ArticleAnalyser(embedder, termStats, areas);
  const articles = new ArticleStore(db, clock, analyser, new NearDuplicateIndex(), o.catalog);
  const threaded = config.feed.rankingThreads > 0 && !config.databaseUrl.endsWith(':memory:');
  const categories = new CategoryLearning({ db, clock, classifier: analyser.categories, catalog: o.catalog, log, databaseUrl: threaded ? config.databaseUrl : null });
  const itemVectors = new ItemVectorLearning({
    db,
    clock,
    databaseUrl: config.databaseUrl,
    threaded,
    log,
    minArticles: config.feed.itemVectorMinArticles,
    dimensions: config.feed.itemVectorDimensions,
  });

  const fetcher = new SafeFetcher({
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    userAgent: USER_AGENT,
    timeoutMs: config.crawl.fetchTimeoutMs,
    inProcessSites: o.inProcessSites,
  });
  const now = () => clock.now();
  const polite = new PoliteFetcher({
    fetcher,
    robots: new RobotsRules({ fetcher, userAgent: USER_AGENT, now }),
    politeness: new HostPoliteness({ minDelayMs: config.crawl.hostDelayMs, now }),
  });
  const freshness = new Histogram({
    name: 'content_freshness_seconds',
    help: 'Time from an article appearing in a polled feed to being servable (an upper bound: the previous poll when its date is older).',
    buckets: [5, 10, 20, 30, 45, 60, 90, 120, 300, 600, 1800, 3600],
    registers: [o.metrics],
  });
  const crawls = new Counter({ name: 'crawls_total', help: 'Finished crawls of sources, by status (completed, failed).', labelNames: ['status'], registers: [o.metrics] });
  const entries = new Counter({
    name: 'crawled_entries_total',
    help: 'Feed entries handled by crawls, by outcome (new, updated, duplicate, unchanged, failed).',
    labelNames: ['outcome'],
    registers: [o.metrics],
  });
  const crawler = new Crawler(
    { db, clock, fetcher: polite, articles, log, onFresh: (seconds) => freshness.observe(seconds) },
    {
      concurrency: config.crawl.concurrency,
      leaseMs: 15 * 60_000,
      budgetMs: 10 * 60_000,
      tickMs: 1000,
      onReport: (report) => {
        crawls.inc({ status: report.status });
        for (const [outcome, n] of Object.entries(report.counts)) if (n > 0) entries.inc({ outcome }, n);
      },
    },
  );

  // Only a worker saves term statistics: an API node learns only from the odd
  // direct ingest and would overwrite the worker's richer statistics.
  let isWorker = false;
  let savedDocuments = termStats.documents;
  const persist = async () => {
    await areas.refresh(db);
    if (!isWorker || termStats.documents === savedDocuments) return;
    savedDocuments = termStats.documents;
    await saveTermStats(db, termStats, clock.now());
  };
  const timer = setInterval(() => void persist().catch((err) => log.error({ err }, 'saving term statistics failed')), PERSIST_INTERVAL_MS);
  timer.unref();

  return {
    areas,
    embedder,
    articles,
    crawler,
    categories,
    itemVectors,
    startWorkers: () => {
      isWorker = true;
      crawler.startScheduler();
      categories.start({ backfill: true });
      itemVectors.start({ worker: true });
    },
    async close() {
      clearInterval(timer);
      await crawler.stop();
      await categories.stop();
      await itemVectors.stop();
      await persist().catch((err) => log.error({ err }, 'saving term statistics failed'));
      await fetcher.close();
    },
  };
}
