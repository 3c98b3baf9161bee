import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ConsoleLoginAttemptsTable, ConsoleSessionsTable, ConsoleUsersTable } from './schema-console.js';
import type { PushHistoryTable, PushJobChunksTable, PushJobsTable, WebhookAttemptsTable, WebhookDeliveriesTable } from './schema-jobs.js';
import type {
  CollaborativeModelsTable,
  ExperimentAssignmentsTable,
  ExperimentServingTable,
  ExperimentsTable,
  FittedWeightsTable,
  ItemVectorModelsTable,
} from './schema-learning.js';

export type * from './schema-console.js';
export type * from './schema-jobs.js';
export type * from './schema-learning.js';

/**
 * Table types, as stored (the console's, background jobs' and learning's in
 * schema-console.ts, schema-jobs.ts and schema-learning.ts). Timestamps are epoch milliseconds (bigint) and JSON is
 * text on both SQLite and PostgreSQL, so one set of queries serves both.
 * Domain types live beside each feature; rows are mapped there, in one place.
 */
export interface Database {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  algorithms: AlgorithmsTable;
  scenarios: ScenariosTable;
  sources: SourcesTable;
  contents: ContentsTable;
  usage_daily: UsageDailyTable;
  users: UsersTable;
  user_sources: UserSourcesTable;
  events: EventsTable;
  event_log_partitions: EventLogPartitionsTable;
  event_log_processors: EventLogProcessorsTable;
  sessions: SessionsTable;
  read_marks: ReadMarksTable;
  user_content_signals: UserContentSignalsTable;
  content_stats: ContentStatsTable;
  daily_stats: DailyStatsTable;
  daily_actives: DailyActivesTable;
  content_urls: ContentUrlsTable;
  feed_entries: FeedEntriesTable;
  imported_areas: ImportedAreasTable;
  settings: SettingsTable;
  push_jobs: PushJobsTable;
  push_job_chunks: PushJobChunksTable;
  push_history: PushHistoryTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  console_users: ConsoleUsersTable;
  console_sessions: ConsoleSessionsTable;
  console_login_attempts: ConsoleLoginAttemptsTable;
  collaborative_models: CollaborativeModelsTable;
  fitted_weights: FittedWeightsTable;
  item_vector_models: ItemVectorModelsTable;
  daily_channel_stats: DailyChannelStatsTable;
  daily_channel_actives: DailyChannelActivesTable;
  experiments: ExperimentsTable;
  experiment_assignments: ExperimentAssignmentsTable;
  experiment_serving: ExperimentServingTable;
}

export interface TenantsTable {
  id: string;
  name: string;
  plan: string;
  rate_limit_rps: number | null;
  usage_cap_millicredits: number | null;
  billing_anchor_day: number;
  webhook_url: string | null;
  webhook_secret: string | null;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  name: string;
  key_hash: string;
  last4: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface AlgorithmsTable {
  tenant_id: string;
  id: string;
  config: string;
  created_at: number;
  updated_at: number;
}

export interface ScenariosTable {
  tenant_id: string;
  name: string;
  type: string;
  algorithm_id: string;
  created_at: number;
  updated_at: number;
}

export interface SourcesTable {
  id: string;
  name: string;
  feed_url: string | null;
  trust_level: number;
  language: string | null;
  category: string | null;
  active: number;
  created_at: number;
  updated_at: number;
  crawl_interval_s: Generated<number>;
  etag: string | null;
  last_modified: string | null;
  /** Null: due now. */
  next_crawl_at: number | null;
  /** A crawler holds the source until then; others skip it. */
  crawl_lease_until: number | null;
  last_crawled_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  /** Consecutive failed crawls; drives the back-off. */
  error_count: Generated<number>;
  /** JSON counts of the last finished crawl. */
  last_result: string | null;
}

export interface ContentsTable {
  id: string;
  source_id: string;
  url: string;
  canonical_url: string;
  title: string;
  summary: string;
  body: string;
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  category: string | null;
  /** feed, source or classifier (analysis/category-source.ts); null for rows stored before it was kept. */
  category_source: string | null;
  language: string | null;
  published_at: number;
  areas: string;
  created_at: number;
  updated_at: number;
  /** JSON: matched area ids and their ancestors (retrieval by area). */
  area_ids: Generated<string>;
  keywords: Generated<string>;
  /** 64-bit SimHash of the text, 16 hex digits (near-duplicate detection). */
  simhash: string | null;
  /** Base64 little-endian float32, from `embedder`. */
  vector: string | null;
  embedder: string | null;
  /** When the crawler first saw the article in a feed. */
  first_seen_at: number | null;
  /** Base64 little-endian float32: the article in the item-vector model's latent space (docs/learning.md); null before it is projected. */
  latent_vector: Generated<string | null>;
  /** The item-vector model version that made `latent_vector`. */
  latent_version: Generated<number | null>;
  /** When an operator hid it (never served while set), and why; null when not hidden. */
  hidden_at: Generated<number | null>;
  hidden_reason: Generated<string | null>;
}

export interface ContentUrlsTable {
  url: string;
  content_id: string;
}

export interface FeedEntriesTable {
  source_id: string;
  entry_key: string;
  fingerprint: string;
  content_id: string | null;
  failures: Generated<number>;
  last_error: string | null;
  first_seen_at: number;
  updated_at: number;
}

export interface ImportedAreasTable {
  id: string;
  name: string;
  level: string;
  parent_id: string | null;
  lat: number | null;
  lng: number | null;
  /** JSON array of strings. */
  aliases: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface UsageDailyTable {
  tenant_id: string;
  day: string;
  endpoint: string;
  requests: Generated<number>;
  millicredits: Generated<number>;
}

export interface UsersTable {
  tenant_id: string;
  user_id: string;
  properties: string;
  created_at: number;
  updated_at: number;
  last_active_at: number | null;
}

export interface UserSourcesTable {
  tenant_id: string;
  user_id: string;
  source_id: string;
  relation: 'follow' | 'block';
  created_at: number;
}

export interface EventsTable {
  seq: Generated<number>;
  tenant_id: string;
  dedupe_key: string;
  type: string;
  session_id: string;
  user_id: string | null;
  content_id: string | null;
  channel: string | null;
  scenario: string | null;
  position: number | null;
  occurred_at: number;
  received_at: number;
  metadata: string | null;
  /** JSON array: the served item's score components from its tracking token (fitting weights). */
  features: string | null;
  /** The experiment and variant the tracking token named (docs/experiments.md). */
  experiment_id: string | null;
  variant: string | null;
  processed: Generated<number>;
}

/** EVENT_LOG_URL's partitions: who applies each, and up to which stream sequence (migration 0017). */
export interface EventLogPartitionsTable {
  stream: string;
  partition: number;
  applied_seq: number;
  owner: string | null;
  lease_until: number;
}

export interface EventLogProcessorsTable {
  stream: string;
  owner: string;
  alive_until: number;
}

export interface SessionsTable {
  tenant_id: string;
  session_id: string;
  user_id: string | null;
  started_at: number;
  last_event_at: number;
  ended_at: number | null;
  events: number;
}

export interface ReadMarksTable {
  tenant_id: string;
  user_id: string;
  content_id: string;
  read_at: number;
}

/** Counters shared by the per-user-and-content and per-content signal tables. */
interface SignalCounters {
  impressions: Generated<number>;
  clicks: Generated<number>;
  likes: Generated<number>;
  dislikes: Generated<number>;
  shares: Generated<number>;
  dwell_ms: Generated<number>;
  updated_at: number;
}

export interface UserContentSignalsTable extends SignalCounters {
  tenant_id: string;
  user_id: string;
  content_id: string;
  last_click_at: number | null;
}

export interface ContentStatsTable extends SignalCounters {
  tenant_id: string;
  content_id: string;
  push_clicks: Generated<number>;
}

export interface DailyStatsTable {
  tenant_id: string;
  day: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  push_clicks: Generated<number>;
  likes: Generated<number>;
  dislikes: Generated<number>;
  shares: Generated<number>;
  events: Generated<number>;
}

/** daily_stats per scenario and channel ('' where the event named none). */
export interface DailyChannelStatsTable {
  tenant_id: string;
  day: string;
  scenario: string;
  channel: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  likes: Generated<number>;
  dislikes: Generated<number>;
  shares: Generated<number>;
}

export interface DailyChannelActivesTable {
  tenant_id: string;
  day: string;
  scenario: string;
  channel: string;
  actor: string;
}

export interface DailyActivesTable {
  tenant_id: string;
  day: string;
  actor: string;
}

export type TenantRow = Selectable<TenantsTable>;
export type NewTenantRow = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type SourceRow = Selectable<SourcesTable>;
export type ContentRow = Selectable<ContentsTable>;
