import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Typed, frozen configuration. Built once by `loadConfig`, passed everywhere else. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` or `postgres://…`. */
  databaseUrl: string;
  redisUrl: string | null;
  objectStoreUrl: string | null;
  /** Where clients reach this service (signed URLs, thumbnails); null: the listen address. */
  publicBaseUrl: string | null;
  /** Operator token; null means "generate one into DATA_DIR". */
  adminToken: string | null;
  /** Signing key; null means "generate one into DATA_DIR". */
  secretKey: string | null;
  allowPrivateNetworkFetch: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How often in-memory usage counters are written to the ledger. */
  usageFlushIntervalMs: number;
  /** Time a client has to send a whole request, headers and body (408 after it). */
  requestTimeoutMs: number;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): a hop count,
   * or addresses and CIDR ranges; false trusts none (the peer is the client).
   */
  trustProxy: false | number | string;
  /** Apply events on a worker thread with its own database connection (false: on the main thread; so is an in-memory SQLite database). */
  eventThread: boolean;
  /** `serve` runs its background work (events, crawls, push jobs, webhooks, learning) on a worker thread. */
  workerThread: boolean;
  /** `content-feed worker` serves /healthz, /readyz and /metrics on this port; null: no HTTP at all. */
  workerMetricsPort: number | null;
  /** The event log on NATS JetStream (docs/scaling.md); null: the `events` table of the database. */
  eventLog: {
    url: string;
    /** The JetStream stream; its subjects are `<stream>.<partition>`. */
    stream: string;
    /** Partitions by hash of tenant and user: a user's events are applied in order by one processor. */
    partitions: number;
    /** How long a processor holds a partition without renewing it. */
    leaseMs: number;
  } | null;
  crawl: {
    /** Sources crawled at once by one worker. */
    concurrency: number;
    /** Least time between two requests to one host (politeness). */
    hostDelayMs: number;
    /** Limit for one outbound request, body included. */
    fetchTimeoutMs: number;
  };
  /** A local ONNX sentence-embedding model to use instead of the built-in embedder. */
  embeddingModelPath: string | null;
  /** S3 endpoint for OBJECT_STORE_URL=s3://… (MinIO, s3rver); null: AWS itself. */
  objectStoreEndpoint: string | null;
  push: {
    /** How long a worker holds a job without a heartbeat before another may take it over. */
    leaseMs: number;
    /** Push jobs one worker runs at once. */
    concurrency: number;
    /** Days a finished job and its file are kept. */
    retentionDays: number;
    /** Test-only: every chunk run hangs after its first batch, holding its lease, until stopped (a hung worker). */
    stallChunksForTests: boolean;
  };
  webhook: {
    /** Waits before each retry (the first attempt is immediate); at most 3. */
    retryDelaysMs: number[];
    /** Limit for one delivery attempt. */
    timeoutMs: number;
    /** Plain http webhook URLs are refused (on save and when sent). */
    requireHttps: boolean;
  };
  feed: {
    /** Worker threads that rank (0: rank on the HTTP thread, as an in-memory SQLite database needs). */
    rankingThreads: number;
    /** Each ranking thread's V8 old-generation limit (MB): a thread that reaches it dies and is started again. */
    rankingThreadHeapMb: number;
    /** Ranked lists held per process (least recently used dropped): about one per active user. */
    listCapacity: number;
    /** How often workers train the collaborative models of tenants with new activity (ms). */
    modelTrainIntervalMs: number;
    /** Below this many stored articles no item vectors are learned: relevance uses the hashed vectors alone. */
    itemVectorMinArticles: number;
    /** Dimensions of the learned item vectors (LSA). */
    itemVectorDimensions: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

/**
 * Every environment variable `loadConfig` reads. The helpers below accept only
 * these names, so a new variable is added here first; docs/configuration.md
 * documents each one (test/ops/configuration-doc.test.ts keeps them in step).
 */
export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'OBJECT_STORE_URL',
  'OBJECT_STORE_ENDPOINT',
  'PUBLIC_BASE_URL',
  'ADMIN_TOKEN',
  'SECRET_KEY',
  'ALLOW_PRIVATE_NETWORK_FETCH',
  'LOG_LEVEL',
  'USAGE_FLUSH_INTERVAL_MS',
  'REQUEST_TIMEOUT_MS',
  'CRAWL_CONCURRENCY',
  'CRAWL_HOST_DELAY_MS',
  'CRAWL_FETCH_TIMEOUT_MS',
  'EMBEDDING_MODEL_PATH',
  'PUSH_JOB_LEASE_MS',
  'PUSH_JOB_CONCURRENCY',
  'PUSH_RESULT_RETENTION_DAYS',
  'PUSH_TEST_STALL_CHUNKS',
  'WEBHOOK_RETRY_DELAYS_MS',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_REQUIRE_HTTPS',
  'TRUST_PROXY',
  'WORKER_METRICS_PORT',
  'RANKING_THREADS',
  'RANKING_THREAD_HEAP_MB',
  'FEED_LIST_CAPACITY',
  'MODEL_TRAIN_INTERVAL_S',
  'ITEM_VECTOR_MIN_ARTICLES',
  'ITEM_VECTOR_DIMENSIONS',
  'EVENT_THREAD',
  'WORKER_THREAD',
  'EVENT_LOG_URL',
  'EVENT_LOG_STREAM',
  'EVENT_LOG_PARTITIONS',
  'EVENT_LOG_LEASE_MS',
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/**
 * Reads the environment (and `.env` in the working directory when present) and
 * validates every variable, collecting one message per bad value so an operator
 * fixes them all in one go.
 */
export function loadConfig(env: Env = process.env, options: { readDotEnv?: boolean } = {}): Config {
  if (options.readDotEnv !== false && env === process.env && existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  const problems: string[] = [];
  const get = (name: ConfigVariable): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const integer = (name: ConfigVariable, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const url = (name: ConfigVariable, schemes: string[]): string | null => {
    const raw = get(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
        problems.push(`${name} must use one of ${schemes.map((s) => `${s}://`).join(', ')}, got "${parsed.protocol}"`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };

  const boolean = (name: ConfigVariable, fallback: boolean): boolean => {
    const raw = (get(name) ?? String(fallback)).toLowerCase();
    if (!['true', 'false', '1', '0'].includes(raw)) problems.push(`${name} must be true or false, got "${raw}"`);
    return raw === 'true' || raw === '1';
  };

  const port = integer('PORT', 8080, 0, 65535);
  const host = get('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(get('DATA_DIR') ?? './data');

  const databaseUrl = url('DATABASE_URL', ['postgres', 'postgresql', 'sqlite']) ?? `sqlite:${path.join(dataDir, 'content-feed.sqlite')}`;
  const redisUrl = url('REDIS_URL', ['redis', 'rediss']);
  const objectStoreUrl = url('OBJECT_STORE_URL', ['s3', 'file']);
  const publicBaseUrl = url('PUBLIC_BASE_URL', ['http', 'https'])?.replace(/\/+$/, '') ?? null;

  const adminToken = get('ADMIN_TOKEN') ?? null;
  if (adminToken !== null && adminToken.length < 24) {
    problems.push('ADMIN_TOKEN must be at least 24 characters (or unset to generate one)');
  }
  const secretKey = get('SECRET_KEY') ?? null;
  if (secretKey !== null && secretKey.length < 32) {
    problems.push('SECRET_KEY must be at least 32 characters (or unset to generate one)');
  }

  const allowPrivateNetworkFetch = boolean('ALLOW_PRIVATE_NETWORK_FETCH', false);

  const logLevelRaw = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevelRaw)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevelRaw}"`);
  }

  const usageFlushIntervalMs = integer('USAGE_FLUSH_INTERVAL_MS', 1000, 10, 60_000);
  const requestTimeoutMs = integer('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  const crawl = {
    concurrency: integer('CRAWL_CONCURRENCY', 4, 1, 64),
    hostDelayMs: integer('CRAWL_HOST_DELAY_MS', 1000, 0, 60_000),
    fetchTimeoutMs: integer('CRAWL_FETCH_TIMEOUT_MS', 10_000, 100, 120_000),
  };
  const embeddingModelPath = get('EMBEDDING_MODEL_PATH') ?? null;
  if (embeddingModelPath !== null && !existsSync(embeddingModelPath)) {
    problems.push(`EMBEDDING_MODEL_PATH does not exist: ${embeddingModelPath}`);
  }

  const objectStoreEndpoint = url('OBJECT_STORE_ENDPOINT', ['http', 'https']);
  const push = {
    leaseMs: integer('PUSH_JOB_LEASE_MS', 30_000, 500, 600_000),
    concurrency: integer('PUSH_JOB_CONCURRENCY', 1, 1, 16),
    retentionDays: integer('PUSH_RESULT_RETENTION_DAYS', 7, 1, 90),
    stallChunksForTests: boolean('PUSH_TEST_STALL_CHUNKS', false),
  };
  const retryRaw = get('WEBHOOK_RETRY_DELAYS_MS') ?? '5000,300000,1800000';
  const retryDelaysMs = retryRaw.split(',').map((part) => Number(part.trim()));
  if (retryDelaysMs.length > 3 || retryDelaysMs.some((ms) => !Number.isInteger(ms) || ms < 0 || ms > 86_400_000)) {
    problems.push(`WEBHOOK_RETRY_DELAYS_MS must be up to 3 comma-separated millisecond delays (0 to 86400000), got "${retryRaw}"`);
  }
  const requireHttps = boolean('WEBHOOK_REQUIRE_HTTPS', false);
  const webhook = {
    retryDelaysMs,
    timeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    requireHttps,
  };

  const trustProxy = parseTrustProxy(get('TRUST_PROXY'), problems);
  const workerMetricsPort = get('WORKER_METRICS_PORT') === undefined ? null : integer('WORKER_METRICS_PORT', 0, 0, 65535);

  const feed = {
    // One core serves HTTP; the others rank.
    rankingThreads: integer('RANKING_THREADS', Math.max(1, availableParallelism() - 1), 0, 64),
    // Rankings' garbage grew a thread's heap 290 -> 910 MB in a 30-minute soak while 220-290 MB stayed live at
    // 100,000 items (bench/RESULTS.md issue 17): the limit makes V8 collect instead of growing. ~1.8x the live size.
    rankingThreadHeapMb: integer('RANKING_THREAD_HEAP_MB', 512, 128, 65_536),
    // ~14 KB of the HTTP thread's heap per active user (list, snapshot, user state; bench/RESULTS.md issue 15).
    listCapacity: integer('FEED_LIST_CAPACITY', 50_000, 100, 10_000_000),
    // Five minutes: a new taste group shows in lists within minutes; a 100,000-user tenant trains in ~40 s of one core.
    modelTrainIntervalMs: integer('MODEL_TRAIN_INTERVAL_S', 300, 1, 86_400) * 1000,
    // 64 latent dimensions need a vocabulary that recurs across many articles (docs/learning.md).
    itemVectorMinArticles: integer('ITEM_VECTOR_MIN_ARTICLES', 1000, 50, 1_000_000_000),
    // 64: 256 bytes an item (25 MB for a 100,000-item pool), a 5 MB model.
    itemVectorDimensions: integer('ITEM_VECTOR_DIMENSIONS', 64, 4, 256),
  };
  // Events are applied on a thread of their own, so their statements and commits never hold the event loop serving requests.
  const eventThread = boolean('EVENT_THREAD', true);
  // serve's background work on a thread of its own, so a push job or a crawl never holds the event loop serving requests.
  const workerThread = boolean('WORKER_THREAD', true);
  const eventLog = eventLogConfig(url('EVENT_LOG_URL', ['nats']), databaseUrl, get('EVENT_LOG_STREAM'), integer, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    objectStoreUrl,
    publicBaseUrl,
    adminToken,
    secretKey,
    allowPrivateNetworkFetch,
    logLevel: logLevelRaw as Config['logLevel'],
    usageFlushIntervalMs,
    requestTimeoutMs,
    trustProxy,
    workerMetricsPort,
    eventThread,
    workerThread,
    eventLog: eventLog && Object.freeze(eventLog),
    crawl: Object.freeze(crawl),
    embeddingModelPath,
    objectStoreEndpoint,
    push: Object.freeze(push),
    webhook: Object.freeze({ ...webhook, retryDelaysMs: Object.freeze(retryDelaysMs) as number[] }),
    feed: Object.freeze(feed),
  });
}

/**
 * TRUST_PROXY: a hop count (`1`: the one proxy in front), or comma-separated
 * addresses and CIDR ranges of the proxies. `true` (trust any sender's
 * X-Forwarded-For) is refused: anyone could then pick the address that login
 * limits count, so the proxies must be named.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((p) => p.trim());
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  if (parts.every((p) => address.test(p) || p === 'loopback' || p === 'linklocal' || p === 'uniquelocal')) return parts.join(',');
  problems.push(`TRUST_PROXY must be a hop count or comma-separated proxy addresses/CIDR ranges (e.g. 1, or 10.0.0.0/8), got "${raw}"`);
  return false;
}

/**
 * EVENT_LOG_URL=nats://…: events go to a JetStream stream instead of the
 * database's `events` log. For fleets on PostgreSQL: a SQLite node has one
 * writer and no fleet, and its own log is faster than a network round trip.
 */
function eventLogConfig(
  url: string | null,
  databaseUrl: string,
  streamRaw: string | undefined,
  integer: (name: ConfigVariable, fallback: number, min: number, max: number) => number,
  problems: string[],
): Config['eventLog'] {
  const stream = streamRaw ?? 'content-feed-events';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(stream)) problems.push(`EVENT_LOG_STREAM must be 1–64 letters, digits, - or _, got "${stream}"`);
  const partitions = integer('EVENT_LOG_PARTITIONS', 16, 1, 1024);
  const leaseMs = integer('EVENT_LOG_LEASE_MS', 10_000, 500, 600_000);
  if (url === null) return null;
  if (!/^postgres(ql)?:/.test(databaseUrl)) {
    problems.push(
      'EVENT_LOG_URL needs DATABASE_URL=postgres://…: the event log is for fleets on PostgreSQL (SQLite logs events in its own file)',
    );
  }
  return { url, stream, partitions, leaseMs };
}

/** The base URL clients use: PUBLIC_BASE_URL, else the address the server listens on. */
export function baseUrlOf(config: Config, listenAddress?: string): string {
  return config.publicBaseUrl ?? listenAddress ?? `http://${config.host}:${config.port}`;
}
