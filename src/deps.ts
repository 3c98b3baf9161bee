import { Redis } from 'ioredis';
import pino from 'pino';
import { Counter, Gauge, Summary } from 'prom-client';
import type { AppDeps } from './app-deps.js';
import { baseUrlOf, type Config } from './config.js';
import { ConsoleSessions } from './console/console-sessions.js';
import { LoginThrottle } from './console/login-throttle.js';
import { sessionCookie } from './console/session-cookie.js';
import { ContentCatalog } from './content/content-catalog.js';
import { createContentPipeline, USER_AGENT } from './crawl/content-pipeline.js';
import { SafeFetcher } from './fetch/safe-fetcher.js';
import { ContentPool } from './feed/content-pool.js';
import { FeedPreview } from './feed/feed-preview.js';
import { FeedService } from './feed/feed-service.js';
import { Popularity } from './feed/popularity.js';
import { MemorySnapshotStore, RedisSnapshotStore } from './feed/snapshot-store.js';
import { UserRanker } from './feed/user-ranker.js';
import { openDatabase } from './db/connect.js';
import { DemoSite } from './demo/demo-site.js';
import { EventLog } from './events/event-log.js';
import { EventProcessor } from './events/event-processor.js';
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
import { createMetricsRegistry } from './ops/metrics.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter.js';
import { KeyAuthenticator } from './tenants/authenticate-key.js';
import { createObjectStore } from './storage/create-object-store.js';
import { ThumbnailLinks } from './thumbnails/thumbnail-links.js';
import { MAX_ORIGINAL_BYTES, ThumbnailService } from './thumbnails/thumbnail-service.js';
import { TrackingTokens } from './tracking/tracking-token.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/** Log paths that may carry secrets; pino replaces their values. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization', 'headers.authorization', 'req.headers.cookie', 'headers.cookie', 'headers["set-cookie"]',
  'api_key', '*.api_key', 'secret', '*.secret', 'password', '*.password',
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
  options: { clock?: Clock; log?: pino.Logger; startWorkers?: boolean } = {},
): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? pino({ level: config.logLevel, redact: REDACTED_LOG_PATHS });

  const admin = config.adminToken ? { value: config.adminToken, created: false } : readOrCreateSecret(config.dataDir, 'admin-token', 'cfa_');
  const secretKey = config.secretKey ?? readOrCreateSecret(config.dataDir, 'secret-key', '').value;

  const database = openDatabase(config.databaseUrl, (err) => log.warn({ err }, 'idle database connection closed by the server'));
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 500, enableAutoPipelining: true })
    : null;
  // Without a listener ioredis prints every connection error as "Unhandled error event";
  // callers already fall back (the limiter to memory), so a warning in our log is enough.
  redis?.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'));
  const limiter = redis ? new RedisRateLimiter(redis, new MemoryRateLimiter(clock), log) : new MemoryRateLimiter(clock);

  const meter = new Meter(database.db, clock, log, (tenantId) => heldMillicredits(database.db, tenantId));
  meter.start(config.usageFlushIntervalMs);
  const metrics = createMetricsRegistry();
  const keyLookups = new Counter({
    name: 'api_key_lookups_total',
    help: 'API keys looked up in the database (key cache misses; malformed keys never are).',
    registers: [metrics],
  });
  const keys = new KeyAuthenticator(database.db, clock, () => keyLookups.inc());
  const lag = new Summary({
    name: 'event_processing_lag_seconds',
    help: 'Time from an event being accepted (202) to its effect being committed.',
    percentiles: [0.5, 0.9, 0.99],
    maxAgeSeconds: 60,
    ageBuckets: 5,
    registers: [metrics],
  });
  const events = new EventProcessor(database.db, database.kind, clock, log, lag);
  new Gauge({
    name: 'events_unprocessed',
    help: 'Accepted events not yet applied (the processing backlog).',
    registers: [metrics],
    async collect() {
      this.set(await events.backlog());
    },
  });
  // SQLite files get a writer thread, so event commits (and their fsyncs) leave
  // the thread serving requests; PostgreSQL commits are asynchronous already.
  const sqliteFile = database.kind === 'sqlite' && !config.databaseUrl.endsWith(':memory:') ? config.databaseUrl.replace(/^sqlite:(\/\/)?/, '') : null;
  const writer = sqliteFile ? new SqliteEventWriter(sqliteFile) : null;
  const eventLog = new EventLog(database.db, database.kind, () => events.wake(), writer);
  let listenAddress: string | undefined;
  const publicBaseUrl = () => baseUrlOf(config, listenAddress);
  const thumbnailLinks = new ThumbnailLinks(secretKey, publicBaseUrl);
  const catalog = new ContentCatalog(database.db, clock, thumbnailLinks);
  // The demo news site answers in every process (its .invalid host can be no real site),
  // so `serve --demo`'s sources crawl on any node or worker.
  const inProcessSites = [new DemoSite(clock)];
  const pipeline = await createContentPipeline({ config, db: database.db, clock, log, metrics, catalog, inProcessSites });
  const cursors = new Signer(secretKey, 'cursor');
  const tokens = new TrackingTokens(secretKey);
  const pool = new ContentPool(database.db, clock, pipeline.embedder.dimensions);
  const ranker = new UserRanker(pool, new Popularity(database.db, clock), pipeline.embedder);
  const feed = new FeedService({
    feedCursors: new Signer(secretKey, 'feed-cursor'),
    db: database.db,
    clock,
    areas: pipeline.areas,
    pool,
    ranker,
    snapshots: redis ? new RedisSnapshotStore(redis, new MemorySnapshotStore()) : new MemorySnapshotStore(),
    tokens,
    contents: catalog,
  });
  const feedPreview = new FeedPreview({ db: database.db, clock, areas: pipeline.areas, ranker, contents: catalog });
  const objects = createObjectStore(config, secretKey, publicBaseUrl);
  const thumbnails = new ThumbnailService({
    metrics,
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
    retryDelaysMs: config.webhook.retryDelaysMs,
    timeoutMs: config.webhook.timeoutMs,
    metrics,
  });
  const pushRunner = new PushJobRunner({
    db: database.db,
    clock,
    log,
    objects,
    ranker,
    areas: pipeline.areas,
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
    metrics,
  });
  const push = new PushJobService({ db: database.db, dbKind: database.kind, clock, meter, wakeWorker: () => pushWorker.wake() });
  if (options.startWorkers !== false) {
    events.start();
    webhooks.start();
    pushWorker.start();
    pipeline.startWorkers();
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
    cursors,
    tokens,
    feed,
    feedPreview,
    eventLog,
    events,
    areas: pipeline.areas,
    articles: pipeline.articles,
    crawler: pipeline.crawler,
    objects,
    webhooks,
    push,
    pushWorker,
    thumbnails,
    thumbnailLinks,
  };

  return {
    deps,
    adminTokenCreated: admin.created,
    setListenAddress(address) {
      listenAddress = address;
    },
    async close() {
      clearInterval(touchTimer);
      await pushWorker.stop();
      await webhooks.stop();
      await pipeline.close();
      await events.stop();
      await writer?.close();
      await meter.close();
      await keys.flushLastUsed();
      await limiter.close();
      await objects.close();
      if (redis) await redis.quit();
      await database.close();
    },
  };
}
