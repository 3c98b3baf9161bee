import type * as IORedis from 'ioredis';
import { lazyRequire } from './lib/lazy-require.js';
import pino from 'pino';
import { LocalChangeBus, type ChangeBus } from './changes/change-bus.js';
import { PostgresChangeBus } from './changes/postgres-change-bus.js';
import { ThreadChangeBus } from './changes/thread-change-bus.js';
import { forwardWakes, listenForWakes } from './workers/work-signals.js';
import { sql } from 'kysely';
import type { AppDeps } from './app-deps.js';
import { baseUrlOf, type Config } from './config.js';
import { backgroundThreadWanted, eventBatches, rankingBackend, userStateLoader } from './runtime-threads.js';
import {
  crawlMeter,
  createMetricsRegistry,
  eventLagSummary,
  keyLookupCounter,
  pushMeter,
  rankingMeter,
  registerRuntimeGauges,
  thumbnailMeter,
  webhookMeter,
} from './metrics/index.js';
import { BackgroundThread } from './workers/background-thread.js';
import { randomUUID } from 'node:crypto';
import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import type { MessagePort } from 'node:worker_threads';
import { ConsoleSessions } from './console/console-sessions.js';
import { LoginThrottle } from './console/login-throttle.js';
import { sessionCookie } from './console/session-cookie.js';
import type { Embedder } from './analysis/embedder.js';
import { HashedTfIdfEmbedder } from './analysis/hashed-tfidf-embedder.js';
import { loadOnnxEmbedder } from './analysis/onnx-embedder.js';
import { AreaDirectory } from './areas/area-directory.js';
import { ContentCatalog } from './content/content-catalog.js';
import { ArticleAnalyser } from './content/article-analyser.js';
import { ArticleStore } from './content/article-store.js';
import { CategoryLearning } from './content/category-learning.js';
import { CorpusSync } from './content/corpus-sync.js';
import { ItemVectorLearning } from './content/item-vector-learning.js';
import { NearDuplicateIndex } from './content/near-duplicate-index.js';
import { loadTermStats } from './content/term-stats-repo.js';
import { Crawler, USER_AGENT } from './crawl/crawler.js';
import { HostPoliteness } from './fetch/host-politeness.js';
import { PoliteFetcher } from './fetch/polite-fetcher.js';
import { RobotsRules } from './fetch/robots.js';
import { SafeFetcher } from './fetch/safe-fetcher.js';
import { FeedPreview } from './feed/feed-preview.js';
import { FeedContinuations } from './feed/feed-continuations.js';
import { FeedRankings } from './feed/feed-rankings.js';
import { CollaborativeTrainer } from './learning/collaborative-trainer.js';
import { FeedService } from './feed/feed-service.js';
import { RankingThreads } from './feed/ranking-threads.js';
import { MemorySnapshotStore, RedisSnapshotStore } from './feed/snapshot-store.js';
import { UserRanker } from './feed/user-ranker.js';
import { UserStates } from './feed/user-states.js';
import { ScenarioCache } from './scenarios/scenario-cache.js';
import { openDatabase } from './db/connect.js';
import { DemoSite } from './demo/demo-site.js';
import { EventLog } from './events/event-log.js';
import { EventProcessor } from './events/event-processor.js';
import { LogEventBatches } from './events/log-event-batches.js';
import { NatsEventLog } from './events/nats-event-log.js';
import { SqliteEventWriter } from './events/sqlite-event-writer.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock, type Clock } from './lib/clock.js';
import { readOrCreateSecret } from './lib/local-secret.js';
import { SecretBox } from './lib/secret-box.js';
import { Signer } from './lib/signer.js';
import { Meter } from './metering/meter.js';
import { heldMillicredits } from './push/push-job-repo.js';
import { PushJobRunner } from './push/push-job-runner.js';
import { PushJobService } from './push/push-job-service.js';
import { PushWorker } from './push/push-worker.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter.js';
import { KeyAuthenticator } from './tenants/authenticate-key.js';
import { createObjectStore } from './storage/create-object-store.js';
import { ThumbnailLinks } from './thumbnails/thumbnail-links.js';
import { MAX_ORIGINAL_BYTES, ThumbnailService } from './thumbnails/thumbnail-service.js';
import { TrackingTokens } from './tracking/tracking-token.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/** Loaded when a node is given REDIS_URL (lib/lazy-require.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

/** The longest serve's worker thread waits for the first feed's warm-up before it starts. */
const BACKGROUND_START_LIMIT_MS = 5000;

/** Log paths that may carry secrets; pino replaces their values. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'req.headers.cookie',
  'headers.cookie',
  'headers["set-cookie"]',
  'api_key',
  '*.api_key',
  'secret',
  '*.secret',
  'password',
  '*.password',
];

export interface Runtime {
  deps: AppDeps;
  /** True when this start generated the operator token (print it once). */
  adminTokenCreated: boolean;
  /** The address the server listens on, once known (signed URLs point there unless PUBLIC_BASE_URL is set). */
  setListenAddress(address: string): void;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that knows which backends run. The
 * database is chosen by DATABASE_URL's scheme, the rate limiter by REDIS_URL.
 */
export async function createRuntime(
  config: Config,
  options: {
    clock?: Clock;
    log?: pino.Logger;
    startWorkers?: boolean;
    /**
     * `serve` with its background work on a worker thread (src/workers/): 'http' is the
     * runtime answering requests, whose workers tell that thread when work arrives;
     * 'worker' is the thread's, which applies events on its own thread and ranks push users
     * on the 'http' side's ranking threads, through `rankingPorts`.
     */
    backgroundThread?: { side: 'http'; name: string } | { side: 'worker'; name: string; rankingPorts: MessagePort[] };
  } = {},
): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? pino({ level: config.logLevel, redact: REDACTED_LOG_PATHS });

  const admin = config.adminToken
    ? { value: config.adminToken, created: false }
    : readOrCreateSecret(config.dataDir, 'admin-token', 'cfa_');
  const secretKey = config.secretKey ?? readOrCreateSecret(config.dataDir, 'secret-key', '').value;

  const database = openDatabase(config.databaseUrl, (err) => log.warn({ err }, 'idle database connection closed by the server'));
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const redis = config.redisUrl
    ? new (ioredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 500, enableAutoPipelining: true })
    : null;
  // Without a listener ioredis prints every connection error as "Unhandled error event";
  // callers already fall back (the limiter to memory), so a warning in our log is enough.
  redis?.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'));
  const limiter = redis ? new RedisRateLimiter(redis, new MemoryRateLimiter(clock), log) : new MemoryRateLimiter(clock);

  // SQLite files get a writer thread, so event commits and usage flushes (and their fsyncs)
  // leave the thread serving requests; PostgreSQL commits are asynchronous already.
  const sqliteFile =
    database.kind === 'sqlite' && !config.databaseUrl.endsWith(':memory:') ? config.databaseUrl.replace(/^sqlite:(\/\/)?/, '') : null;
  const writer = sqliteFile ? new SqliteEventWriter(sqliteFile) : null;
  const meter = new Meter(
    database.db,
    clock,
    log,
    (tenantId) => heldMillicredits(database.db, tenantId),
    writer ? (deltas) => writer.writeUsage(deltas) : undefined,
  );
  meter.start(config.usageFlushIntervalMs);
  const metrics = createMetricsRegistry();
  const keyLookups = keyLookupCounter(metrics);
  const keys = new KeyAuthenticator(database.db, clock, () => keyLookups.inc());
  const lag = eventLagSummary(metrics);
  // What changed, for every process's caches: LISTEN/NOTIFY when processes share PostgreSQL.
  // Between the threads of one process on SQLite: a BroadcastChannel.
  const threads =
    options.backgroundThread ??
    (backgroundThreadWanted(config, options.startWorkers !== false) ? { side: 'http' as const, name: randomUUID() } : undefined);
  // This runtime answers requests; the thread started below runs the workers.
  const background =
    threads?.side === 'http'
      ? new BackgroundThread(config, threads.name, log, () => (ranker.backend instanceof RankingThreads ? ranker.backend.connect() : []))
      : null;
  const changes: ChangeBus =
    database.kind === 'postgres'
      ? new PostgresChangeBus(
          config.databaseUrl,
          (channel, payload) => sql`SELECT pg_notify(${channel}, ${payload})`.execute(database.db),
          log,
        )
      : threads
        ? new ThreadChangeBus(threads.name)
        : new LocalChangeBus();
  const onWorkerThread = threads?.side === 'worker';
  if (changes instanceof PostgresChangeBus) await changes.start();
  // EVENT_LOG_URL: events wait in a JetStream stream (docs/scaling.md), else in the database's `events` table.
  const natsLog = config.eventLog ? await NatsEventLog.connect(config.eventLog, log) : null;
  const batches = natsLog
    ? new LogEventBatches(database.db, natsLog, () => events.wake(), log)
    : eventBatches(config, database, log, onWorkerThread);
  const events = new EventProcessor(database.db, batches, clock, log, lag, changes);
  const eventLog = natsLog ?? new EventLog(database.db, database.kind, () => events.wake(), writer);
  let listenAddress: string | undefined;
  const publicBaseUrl = () => baseUrlOf(config, listenAddress);
  const thumbnailLinks = new ThumbnailLinks(secretKey, publicBaseUrl);
  const catalog = new ContentCatalog(database.db, clock, thumbnailLinks);
  // The demo news site answers in every process (its .invalid host can be no real site),
  // so `serve --demo`'s sources crawl on any node or worker.
  const inProcessSites = [new DemoSite(clock)];
  // Learning runs on threads of its own where the database is one another thread can open.
  const learnOnThreads = config.feed.rankingThreads > 0 && !config.databaseUrl.endsWith(':memory:');

  // The analysis of articles: the gazetteer, the term statistics and the embedder (an ONNX
  // model with EMBEDDING_MODEL_PATH, else hashed TF-IDF over those statistics).
  const areas = await AreaDirectory.load(database.db);
  const termStats = await loadTermStats(database.db);
  const embedder: Embedder = config.embeddingModelPath
    ? await loadOnnxEmbedder(config.embeddingModelPath)
    : new HashedTfIdfEmbedder({ df: termStats });
  log.info({ embedder: embedder.id, areas: areas.size }, 'content pipeline ready');
  const analyser = new ArticleAnalyser(embedder, termStats, areas);
  const articles = new ArticleStore(database.db, clock, analyser, new NearDuplicateIndex(), catalog);
  const corpus = new CorpusSync({ db: database.db, clock, areas, termStats, log });
  const categories = new CategoryLearning({
    db: database.db,
    clock,
    classifier: analyser.categories,
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

  // The crawler fetches politely (robots.txt, a delay per host: docs/crawling.md).
  const crawlFetcher = new SafeFetcher({
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    userAgent: USER_AGENT,
    timeoutMs: config.crawl.fetchTimeoutMs,
    inProcessSites,
  });
  const crawlMetrics = crawlMeter(metrics);
  const crawler = new Crawler(
    {
      db: database.db,
      clock,
      fetcher: new PoliteFetcher({
        fetcher: crawlFetcher,
        robots: new RobotsRules({ fetcher: crawlFetcher, userAgent: USER_AGENT, now: () => clock.now() }),
        politeness: new HostPoliteness({ minDelayMs: config.crawl.hostDelayMs, now: () => clock.now() }),
      }),
      articles,
      log,
      onFresh: crawlMetrics.fresh,
    },
    { concurrency: config.crawl.concurrency, leaseMs: 15 * 60_000, budgetMs: 10 * 60_000, tickMs: 1000, onReport: crawlMetrics.crawled },
  );

  const cursors = new Signer(secretKey, 'cursor');
  const tokens = new TrackingTokens(secretKey);
  const ranker = new UserRanker(
    rankingBackend(
      config,
      database,
      clock,
      embedder.dimensions,
      log,
      threads?.side === 'worker' && threads.rankingPorts.length > 0 ? threads.rankingPorts : undefined,
    ),
    embedder,
    rankingMeter(metrics),
    categories,
    itemVectors,
  );
  const snapshots = redis ? new RedisSnapshotStore(redis, new MemorySnapshotStore()) : new MemorySnapshotStore();
  const scenarios = new ScenarioCache(database.db, clock);
  const userStates = userStateLoader(config, database, log, onWorkerThread);
  const users = new UserStates(userStates.load, config.feed.listCapacity);
  changes.subscribe((change) => {
    if (change.kind === 'tenant') scenarios.invalidate(change.tenantId);
    else if (change.kind === 'account') keys.forgetTenant(change.tenantId);
    else if (change.kind === 'everything') {
      scenarios.clear();
      keys.forgetAll();
    }
  });
  const rankings = new FeedRankings({ clock, ranker, users, snapshots, changes, capacity: config.feed.listCapacity, log });
  const trainer = new CollaborativeTrainer({
    db: database.db,
    databaseUrl: config.databaseUrl,
    clock,
    log,
    changes,
    intervalMs: config.feed.modelTrainIntervalMs,
    threaded: learnOnThreads,
  });
  const feed = new FeedService({
    feedCursors: new Signer(secretKey, 'feed-cursor'),
    clock,
    areas,
    scenarios,
    users,
    rankings,
    continuations: new FeedContinuations({ ranker, users, snapshots }),
    snapshots,
    tokens,
    contents: catalog,
  });
  const feedPreview = new FeedPreview({ db: database.db, clock, areas, ranker, contents: catalog });
  const objects = createObjectStore(config, secretKey, publicBaseUrl);
  const thumbnails = new ThumbnailService({
    meter: thumbnailMeter(metrics),
    db: database.db,
    clock,
    catalog,
    objects,
    fetcher: new SafeFetcher({
      allowPrivateNetwork: config.allowPrivateNetworkFetch,
      userAgent: USER_AGENT,
      timeoutMs: config.crawl.fetchTimeoutMs,
      maxBytes: MAX_ORIGINAL_BYTES,
      inProcessSites,
    }),
    log,
  });
  const webhookSecrets = new SecretBox(secretKey, 'webhook-secrets');
  const webhooks = new WebhookDispatcher({
    db: database.db,
    dbKind: database.kind,
    clock,
    log,
    secrets: webhookSecrets,
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    requireHttps: config.webhook.requireHttps,
    retryDelaysMs: config.webhook.retryDelaysMs,
    timeoutMs: config.webhook.timeoutMs,
    meter: webhookMeter(metrics),
  });
  const pushRunner = new PushJobRunner({
    db: database.db,
    clock,
    log,
    objects,
    ranker,
    areas,
    contents: catalog,
    tokens,
    leaseMs: config.push.leaseMs,
    async onFinished(job) {
      webhooks.wake();
      // The job's hold became a charge: this node's cap check sees it now, other nodes at their next flush.
      await meter.refresh(job.tenantId).catch((err: unknown) => log.error({ err }, 'usage cap refresh failed'));
    },
  });
  const pushWorker = new PushWorker({
    db: database.db,
    dbKind: database.kind,
    clock,
    log,
    runner: pushRunner,
    objects,
    leaseMs: config.push.leaseMs,
    concurrency: config.push.concurrency,
    retentionDays: config.push.retentionDays,
    meter: pushMeter(metrics),
  });
  const push = new PushJobService({ db: database.db, dbKind: database.kind, clock, meter, wakeWorker: () => pushWorker.wake() });
  const workers = { events, push: pushWorker, webhooks, crawler };
  const stopWakes = threads ? (onWorkerThread ? listenForWakes : forwardWakes)(workers, threads.name) : () => {};
  registerRuntimeGauges(metrics, { events, userStates: userStates.thread, ranker: ranker.backend, rankings, background });
  const runsWorkers = !background && options.startWorkers !== false;
  corpus.start({ worker: runsWorkers });
  if (background) {
    // As an API node's, and the worker thread runs the rest.
    categories.start({ backfill: false });
    itemVectors.start({ worker: false });
    // Its start (a runtime of its own, the classifier's training) would take the cores the
    // first feed needs: it waits for the rankings' warm-up, or BACKGROUND_START_LIMIT_MS.
    void Promise.race([rankings.warmedUp, setTimeoutPromise(BACKGROUND_START_LIMIT_MS, undefined, { ref: false })]).then(() =>
      background.start(),
    );
  } else if (runsWorkers) {
    events.start();
    webhooks.start();
    pushWorker.start();
    crawler.startScheduler();
    categories.start({ backfill: true });
    itemVectors.start({ worker: true });
    trainer.start();
  } else {
    // An API node learns categories too: for direct ingests and users' interests.
    categories.start({ backfill: false });
    // And keeps the item-vector model: the version rankings compare, users' interests projected.
    itemVectors.start({ worker: false });
  }
  const touchTimer = setInterval(() => void keys.flushLastUsed().catch((err) => log.error({ err }, 'key usage flush failed')), 10_000);
  touchTimer.unref();

  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock,
    log,
    limiter,
    meter,
    keys,
    adminToken: admin.value,
    consoleSessions: new ConsoleSessions(database.db, clock, secretKey),
    loginThrottle: new LoginThrottle(database.db, secretKey),
    sessionCookie: sessionCookie(config.publicBaseUrl),
    webhookSecrets,
    metrics,
    contents: catalog,
    changes,
    cursors,
    tokens,
    feed,
    rankings,
    trainer,
    feedPreview,
    eventLog,
    events,
    areas,
    articles,
    crawler,
    categories,
    itemVectors,
    objects,
    webhooks,
    push,
    pushWorker,
    thumbnails,
    thumbnailLinks,
    background,
  };

  return {
    deps,
    adminTokenCreated: admin.created,
    setListenAddress(address) {
      listenAddress = address;
    },
    async close() {
      clearInterval(touchTimer);
      // The workers first (running push jobs go back to the queue), while everything they report to is still open.
      await background?.stop();
      stopWakes();
      rankings.stop();
      await trainer.stop();
      await pushWorker.stop();
      await webhooks.stop();
      await crawler.stop();
      await categories.stop();
      await itemVectors.stop();
      await corpus.close();
      await crawlFetcher.close();
      await events.close();
      await natsLog?.close();
      // The meter's last flush goes through the writer thread: before it closes.
      await meter.close();
      await writer?.close();
      await keys.flushLastUsed();
      await limiter.close();
      await objects.close();
      await ranker.backend.close();
      await userStates.thread?.close();
      await changes.close();
      if (redis) await redis.quit();
      await database.close();
    },
  };
}
