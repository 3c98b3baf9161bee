import type * as IORedis from 'ioredis';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Embedder } from './analysis/embedder.js';
import { HashedTfIdfEmbedder } from './analysis/hashed-tfidf-embedder.js';
import { loadOnnxEmbedder } from './analysis/onnx-embedder.js';
import type { AppDeps } from './app-deps.js';
import { LocalChangeBus, type ChangeBus } from './changes/change-bus.js';
import { PostgresChangeBus } from './changes/postgres-change-bus.js';
import { ThreadChangeBus } from './changes/thread-change-bus.js';
import { buildContentPipeline } from './compose/content-pipeline.js';
import { buildCrawler } from './compose/crawl.js';
import { buildEvents } from './compose/events.js';
import { buildFeed } from './compose/feed.js';
import { buildLearning } from './compose/learning.js';
import { buildPush } from './compose/push.js';
import type { RuntimeBase } from './compose/runtime-base.js';
import { startBackgroundWork } from './compose/start-workers.js';
import { buildThumbnails } from './compose/thumbnails.js';
import { buildWebhooks } from './compose/webhooks.js';
import { baseUrlOf, type Config } from './config.js';
import { ConsoleSessions } from './console/console-sessions.js';
import { LoginThrottle } from './console/login-throttle.js';
import { sessionCookie } from './console/session-cookie.js';
import { ContentCatalog } from './content/content-catalog.js';
import { loadTermStats } from './content/term-stats-repo.js';
import { openDatabase } from './db/connect.js';
import type { EarlyRanking } from './cli/early-ranking.js';
import { migrateToLatest } from './db/migrate.js';
import { DemoSite } from './demo/demo-site.js';
import { NatsEventLog } from './events/nats-event-log.js';
import { SqliteEventWriter } from './events/sqlite-event-writer.js';
import { RankingThreads } from './feed/ranking-threads.js';
import { MemorySnapshotStore, RedisSnapshotStore } from './feed/snapshot-store.js';
import { systemClock, type Clock } from './lib/clock.js';
import { lazyRequire } from './lib/lazy-require.js';
import { readOrCreateSecret } from './lib/local-secret.js';
import { SecretBox } from './lib/secret-box.js';
import { Signer } from './lib/signer.js';
import { Meter } from './metering/meter.js';
import { createMetricsRegistry, keyLookupCounter, registerRuntimeGauges } from './metrics/index.js';
import { heldMillicredits } from './push/push-job-repo.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter.js';
import { backgroundThreadWanted, type RankingPorts } from './runtime-threads.js';
import { createObjectStore } from './storage/create-object-store.js';
import { KeyAuthenticator } from './tenants/authenticate-key.js';
import { ThumbnailLinks } from './thumbnails/thumbnail-links.js';
import { TrackingTokens } from './tracking/tracking-token.js';
import { BackgroundThread } from './workers/background-thread.js';
import { forwardWakes, listenForWakes } from './workers/work-signals.js';

/** Loaded when a node is given REDIS_URL (lib/lazy-require.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

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
  /**
   * Once the node listens: starts the threads requests use that start at their first use
   * (the user-state thread), so the first personalised feed does not wait for one to load.
   */
  warmUp(): void;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that knows which backends run. The
 * database is chosen by DATABASE_URL's scheme, the rate limiter and the feed
 * snapshots by REDIS_URL, the event log by EVENT_LOG_URL, the object store by
 * OBJECT_STORE_URL, the embedder by EMBEDDING_MODEL_PATH; each area's parts are
 * built from those by its builder in src/compose/ (content pipeline, learning,
 * crawl, events, feed, thumbnails, webhooks, push).
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
    backgroundThread?: { side: 'http'; name: string } | { side: 'worker'; name: string; rankingPorts: RankingPorts };
    /** serve's ranking threads, started before this (cli/early-ranking.ts): they read the pool once the database is migrated. */
    earlyRanking?: EarlyRanking | null;
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
  options.earlyRanking?.readPool(clock.now());

  const redis = config.redisUrl
    ? new (ioredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 500, enableAutoPipelining: true })
    : null;
  // Without a listener ioredis prints every connection error as "Unhandled error event";
  // callers already fall back (the limiter to memory), so a warning in our log is enough.
  redis?.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'));
  const limiter = redis ? new RedisRateLimiter(redis, new MemoryRateLimiter(clock), log) : new MemoryRateLimiter(clock);

  // SQLite files get a writer thread, so event commits and usage flushes (and their fsyncs)
  // leave the thread serving requests; PostgreSQL commits are asynchronous already.
  const writer = database.sqliteFile ? new SqliteEventWriter(database.sqliteFile) : null;
  const meter = new Meter(
    database.db,
    clock,
    log,
    (tenantId) => heldMillicredits(database.db, tenantId),
    writer ? (deltas) => writer.writeUsage(deltas) : undefined,
  );
  meter.start(config.usageFlushIntervalMs);
  const metrics = createMetricsRegistry();
  const base: RuntimeBase = { config, database, clock, log, metrics };
  const keyLookups = keyLookupCounter(metrics);
  const keys = new KeyAuthenticator(database.db, clock, () => keyLookups.inc());
  // What changed, for every process's caches: LISTEN/NOTIFY when processes share PostgreSQL.
  // Between the threads of one process on SQLite: a BroadcastChannel.
  const threads =
    options.backgroundThread ??
    (backgroundThreadWanted(config, database, options.startWorkers !== false) ? { side: 'http' as const, name: randomUUID() } : undefined);
  // This runtime answers requests; the thread started below runs the workers.
  const background =
    threads?.side === 'http'
      ? new BackgroundThread(config, threads.name, log, () => (ranker.backend instanceof RankingThreads ? ranker.backend : null))
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
  const { events, eventLog } = buildEvents(base, { changes, natsLog, writer, onWorkerThread });
  let listenAddress: string | undefined;
  const publicBaseUrl = () => baseUrlOf(config, listenAddress);
  const thumbnailLinks = new ThumbnailLinks(secretKey, publicBaseUrl);
  const catalog = new ContentCatalog(database.db, clock, thumbnailLinks);
  // The demo news site answers in every process (its .invalid host can be no real site),
  // so `serve --demo`'s sources crawl on any node or worker.
  const inProcessSites = [new DemoSite(clock)];

  // The embedder: an ONNX model with EMBEDDING_MODEL_PATH, else hashed TF-IDF over the term statistics.
  const termStats = await loadTermStats(database.db);
  const embedder: Embedder = config.embeddingModelPath
    ? await loadOnnxEmbedder(config.embeddingModelPath)
    : new HashedTfIdfEmbedder({ df: termStats });
  const { areas, analyser, articles, corpus } = await buildContentPipeline(base, { embedder, termStats, catalog });
  const { categories, itemVectors, trainer } = buildLearning(base, { classifier: analyser.categories, catalog, changes });
  const { crawler, crawlFetcher } = buildCrawler(base, { articles, inProcessSites });

  const cursors = new Signer(secretKey, 'cursor');
  const tokens = new TrackingTokens(secretKey);
  const snapshots = redis ? new RedisSnapshotStore(redis, new MemorySnapshotStore()) : new MemorySnapshotStore();
  const { ranker, scenarios, userStates, rankings, feed, feedPreview } = buildFeed(base, {
    secretKey,
    embedder,
    areas,
    catalog,
    categories,
    itemVectors,
    snapshots,
    changes,
    tokens,
    onWorkerThread,
    rankingPorts: threads?.side === 'worker' && threads.rankingPorts.ports.length > 0 ? threads.rankingPorts : undefined,
    earlyRanking: options.earlyRanking ?? undefined,
  });
  changes.subscribe((change) => {
    if (change.kind === 'tenant') scenarios.invalidate(change.tenantId);
    else if (change.kind === 'account') keys.forgetTenant(change.tenantId);
    else if (change.kind === 'everything') {
      scenarios.clear();
      keys.forgetAll();
    }
  });
  const objects = createObjectStore(config, secretKey, publicBaseUrl);
  const thumbnails = buildThumbnails(base, { catalog, objects, inProcessSites });
  const webhookSecrets = new SecretBox(secretKey, 'webhook-secrets');
  const webhooks = buildWebhooks(base, webhookSecrets);
  const { pushWorker, push } = buildPush(base, { objects, ranker, areas, catalog, tokens, meter, webhooks });
  const workers = { events, push: pushWorker, webhooks, crawler };
  const stopWakes = threads ? (onWorkerThread ? listenForWakes : forwardWakes)(workers, threads.name) : () => {};
  registerRuntimeGauges(metrics, { events, userStates: userStates.thread, ranker: ranker.backend, rankings, background });
  const runsWorkers = !background && options.startWorkers !== false;
  startBackgroundWork({
    background,
    runsWorkers,
    corpus,
    categories,
    itemVectors,
    rankings,
    events,
    webhooks,
    pushWorker,
    crawler,
    trainer,
  });
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
    warmUp() {
      userStates.thread?.warmUp();
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
