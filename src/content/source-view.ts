import { Type } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import type { Source } from './source-repo.js';

export const CrawlCountsView = Type.Object({
  new: Type.Integer({ description: 'Articles stored for the first time.' }),
  updated: Type.Integer({ description: 'Articles changed in the feed and updated in place.' }),
  duplicate: Type.Integer({ description: 'Entries recognised as an article already held (same URL or near-duplicate text).' }),
  unchanged: Type.Integer({ description: 'Entries already stored and unchanged (no page fetched).' }),
  failed: Type.Integer({ description: 'Entries whose page could not be fetched or used; retried on later crawls.' }),
});

const CrawlStatusView = Type.Object({
  state: Type.Union(
    [Type.Literal('no_feed'), Type.Literal('inactive'), Type.Literal('pending'), Type.Literal('ok'), Type.Literal('failing')],
    {
      description:
        'no_feed: nothing to crawl; inactive: switched off; pending: never crawled; ok: last crawl succeeded; ' +
        'failing: backing off after errors.',
    },
  ),
  last_crawled_at: Nullable(IsoTimestamp),
  last_success_at: Nullable(IsoTimestamp),
  next_crawl_at: Nullable(IsoTimestamp, { description: 'Null: due now.' }),
  error_count: Type.Integer({ description: 'Consecutive failed crawls.' }),
  last_error: Nullable(Type.String(), { description: 'Why the last crawl failed, or which of its articles failed.' }),
  last_result: Nullable(Type.Intersect([CrawlCountsView, Type.Object({ not_modified: Type.Boolean(), at: Nullable(IsoTimestamp) })]), {
    description:
      'The last crawl that stored, updated or failed to fetch an article, or failed: a crawl that finds nothing new ' +
      'leaves it (GET …/crawls lists every crawl).',
  }),
});

export const SourceView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    feed_url: Nullable(Type.String()),
    trust_level: Type.Integer(),
    language: Nullable(Type.String()),
    category: Nullable(Type.String()),
    active: Type.Boolean(),
    crawl_interval_seconds: Type.Integer(),
    crawl: CrawlStatusView,
    articles: Type.Integer({ description: 'Articles held from this source.' }),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
  },
  { $id: 'Source' },
);

const isoOrNull = (ms: number | null) => (ms === null ? null : toIso(ms));

function crawlState(s: Source) {
  if (!s.feedUrl) return 'no_feed' as const;
  if (!s.active) return 'inactive' as const;
  if (s.crawl.errorCount > 0) return 'failing' as const;
  return s.crawl.lastSuccessAt === null ? ('pending' as const) : ('ok' as const);
}

export function sourceView(s: Source, articles: number) {
  return {
    id: s.id,
    name: s.name,
    feed_url: s.feedUrl,
    trust_level: s.trustLevel,
    language: s.language,
    category: s.category,
    active: s.active,
    crawl_interval_seconds: s.crawlIntervalSeconds,
    crawl: {
      state: crawlState(s),
      last_crawled_at: isoOrNull(s.crawl.lastCrawledAt),
      last_success_at: isoOrNull(s.crawl.lastSuccessAt),
      next_crawl_at: isoOrNull(s.crawl.nextCrawlAt),
      error_count: s.crawl.errorCount,
      last_error: s.crawl.lastError,
      last_result: s.crawl.lastResult && { ...s.crawl.lastResult, at: isoOrNull(s.crawl.lastResult.at ?? null) },
    },
    articles,
    created_at: toIso(s.createdAt),
    updated_at: toIso(s.updatedAt),
  };
}
