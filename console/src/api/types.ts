/**
 * The shapes the console reads: docs/console.md and docs/admin-api.md.
 * Written as they come over the wire, not imported from src/: the server's
 * files that declare them (algorithm-config.ts, activity-metrics.ts) also pull
 * in TypeBox, Kysely and node:http, which the console's tsconfig has no types
 * for (a type-only import still makes tsc check them); and some answers differ
 * from those types (the metrics answer adds `from` and `to`).
 */

export interface ConsoleUser {
  id: string;
  email: string;
  role: 'operator' | 'member';
  tenant_id: string | null;
}

export interface SessionInfo {
  user: ConsoleUser;
  csrf_token: string;
}

export type Plan = 'starter' | 'professional' | 'enterprise' | 'custom';
export const PLANS: Plan[] = ['starter', 'professional', 'enterprise', 'custom'];

export interface Tenant {
  id: string;
  name: string;
  plan: Plan;
  rate_limit_rps: number;
  usage_cap_credits: number | null;
  billing_anchor_day: number;
  webhook_url: string | null;
  /** `included_credits`: what the plan includes each cycle; beyond it, pay-as-you-go. */
  current_cycle: { starts_at: string; ends_at: string; used_credits: number; included_credits: number };
  created_at: string;
  updated_at: string;
}

export interface ApiKey {
  key_id: string;
  name: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface IssuedApiKey extends ApiKey {
  api_key: string;
}

export interface UsageReport {
  from: string;
  to: string;
  total_credits: number;
  total_requests: number;
  usage_cap_credits: number | null;
  days: { day: string; endpoint: string; requests: number; credits: number }[];
}

export interface ActivityMetrics {
  from: string;
  to: string;
  days: { day: string; active_users: number; sessions: number; impressions: number; clicks: number; push_clicks: number }[];
  active_users: number;
  mau: number;
  sessions: number;
  avg_session_duration_seconds: number;
  impressions: number;
  clicks: number;
  ctr: number;
  push_clicks: number;
}

export interface AlgorithmConfig {
  min_trust_level: number;
  max_age_hours: number;
  freshness_half_life_hours: number;
  weights: { relevance: number; collaborative: number; freshness: number; popularity: number; area: number; follow: number };
  diversity: { lambda: number; max_per_source: number; max_per_category: number };
  exploration: number;
  languages: string[];
  include_categories: string[];
  exclude_categories: string[];
}

export interface Algorithm {
  algorithm_id: string;
  config: AlgorithmConfig;
  created_at: string;
  updated_at: string;
}

export type ScenarioType = 'feed' | 'push';

export interface Scenario {
  scenario: string;
  type: ScenarioType;
  algorithm_id: string;
  created_at: string;
  updated_at: string;
}

export type SignalName = 'relevance' | 'collaborative' | 'freshness' | 'popularity' | 'area' | 'follow';
export const SIGNALS: SignalName[] = ['relevance', 'collaborative', 'area', 'follow', 'freshness', 'popularity'];

export interface PreviewItem {
  id: string;
  title: string;
  url: string;
  source: { id: string; name: string };
  category: string | null;
  published_at: string;
  score: number;
  signals: Record<SignalName, number>;
  exploration: boolean;
}

export interface Preview {
  items: PreviewItem[];
  meta: {
    scenario: string;
    algorithm_id: string;
    user: { user_id: string | null; registered: boolean } | null;
    areas: ({ id?: string; name?: string; level?: string } | string)[];
  };
}

export type PushJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface PushJob {
  job_id: string;
  status: PushJobStatus;
  scenario: string;
  target_mode: 'all' | 'active' | 'manual';
  candidates_per_user: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  users_total: number;
  users_processed: number;
  consumed_credits: number;
  duration_ms?: number | null;
  download_url?: string;
  download_url_expires_at?: string;
  error?: { code: string; message: string } | null;
}

export interface WebhookDelivery {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  created_at: string;
  finished_at: string | null;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
}

export type CrawlState = 'no_feed' | 'inactive' | 'pending' | 'ok' | 'failing';

export interface Source {
  id: string;
  name: string;
  feed_url: string | null;
  trust_level: number;
  language: string | null;
  category: string | null;
  active: boolean;
  crawl_interval_seconds: number;
  crawl: {
    state: CrawlState;
    last_crawled_at: string | null;
    last_success_at: string | null;
    next_crawl_at: string | null;
    error_count: number;
    last_error: string | null;
  };
}

export interface CrawlResult {
  source_id: string;
  status: string;
  counts?: { new: number; updated: number; duplicate: number; unchanged: number; failed: number };
  error?: string | null;
}

export interface SourceRef {
  id: string;
  name: string;
  since?: string;
}

export interface UserDetail {
  user_id: string;
  properties: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
  followed_sources: SourceRef[];
  blocked_sources: SourceRef[];
  recent_reads: { content_id: string; title: string; read_at: string; channel: string }[];
  sessions: { session_id: string; started_at: string; last_event_at: string; events: number }[];
}
