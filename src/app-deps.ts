import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { ChangeBus } from './changes/change-bus.js';
import type { Config } from './config.js';
import type { ConsoleSessions } from './console/console-sessions.js';
import type { LoginThrottle } from './console/login-throttle.js';
import type { SessionCookie } from './console/session-cookie.js';
import type { AreaDirectory } from './areas/area-directory.js';
import type { ArticleStore } from './content/article-store.js';
import type { ContentCatalog } from './content/content-catalog.js';
import type { Crawler } from './crawl/crawler.js';
import type { BackgroundThread } from './workers/background-thread.js';
import type { CategoryLearning } from './content/category-learning.js';
import type { ItemVectorLearning } from './content/item-vector-learning.js';
import type { FeedPreview } from './feed/feed-preview.js';
import type { FeedRankings } from './feed/feed-rankings.js';
import type { CollaborativeTrainer } from './learning/collaborative-trainer.js';
import type { FeedService } from './feed/feed-service.js';
import type { DatabaseKind } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { EventAppender } from './events/event-log.js';
import type { EventProcessor } from './events/event-processor.js';
import type { Clock } from './lib/clock.js';
import type { Signer } from './lib/signer.js';
import type { SecretBox } from './lib/secret-box.js';
import type { Meter } from './metering/meter.js';
import type { PushJobService } from './push/push-job-service.js';
import type { PushWorker } from './push/push-worker.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';
import type { KeyAuthenticator } from './tenants/authenticate-key.js';
import type { ObjectStore } from './storage/object-store.js';
import type { ThumbnailLinks } from './thumbnails/thumbnail-links.js';
import type { ThumbnailService } from './thumbnails/thumbnail-service.js';
import type { TrackingTokens } from './tracking/tracking-token.js';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/** Everything the app needs, built once by the composition root (`deps.ts`) or a test. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  meter: Meter;
  keys: KeyAuthenticator;
  adminToken: string;
  /** Console logins: sessions by cookie, their CSRF tokens (docs/console.md). */
  consoleSessions: ConsoleSessions;
  /** The session cookie's name and attributes (`__Host-cf_session`, Secure, over https). */
  sessionCookie: SessionCookie;
  /** Console login limits per email and per client network (docs/console.md). */
  loginThrottle: LoginThrottle;
  webhookSecrets: SecretBox;
  metrics: Registry;
  contents: ContentCatalog;
  /** Tells every process's caches what changed (users, scenarios, sources). */
  changes: ChangeBus;
  /** Signs pagination cursors. */
  cursors: Signer;
  tokens: TrackingTokens;
  /** The `events` table, or the JetStream stream with EVENT_LOG_URL. */
  eventLog: EventAppender;
  events: EventProcessor;
  /** The gazetteer in use (built-in areas plus operator imports). */
  areas: AreaDirectory;
  /** Analyses and stores articles (crawled or ingested). */
  articles: ArticleStore;
  crawler: Crawler;
  /** The category classifier's training from stored articles and its backfill (docs/analysis.md). */
  categories: CategoryLearning;
  /** The item-vector model learned from the corpus (LSA) and its training. */
  itemVectors: ItemVectorLearning;
  feed: FeedService;
  /** The ranked lists the feed serves from (its sweep and background re-ranking). */
  rankings: FeedRankings;
  /** Trains each tenant's collaborative model (workers on a schedule; the admin API on demand). */
  trainer: CollaborativeTrainer;
  /** The console's scenario preview: the feed's ranking, explained, serving nothing. */
  feedPreview: FeedPreview;
  /** Push files (and later thumbnails): local files or S3. */
  objects: ObjectStore;
  /** Sends recorded webhook deliveries. */
  webhooks: WebhookDispatcher;
  push: PushJobService;
  /** Runs queued push jobs (started only where workers run). */
  pushWorker: PushWorker;
  /** The thumbnail proxy (docs/thumbnails.md) and the signed links items carry to it. */
  thumbnails: ThumbnailService;
  thumbnailLinks: ThumbnailLinks;
  /** `serve`'s worker thread, where the background work runs (null: it runs here, or elsewhere). /metrics adds its metrics. */
  background: BackgroundThread | null;
}
