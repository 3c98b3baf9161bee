import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ArticleStore } from '../content/article-store.js';
import { canonicalUrl } from '../content/canonical-url.js';
import { contentIdByUrl } from '../content/content-url-repo.js';
import type { CrawlCounts, Source } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';
import { decodeText } from '../extract/decode-text.js';
import { FeedParseError, parseFeed, type FeedEntry } from '../extract/parse-feed.js';
import { FetchError } from '../fetch/fetch-error.js';
import type { PoliteFetcher } from '../fetch/polite-fetcher.js';
import type { Clock } from '../lib/clock.js';
import { ArticleError, fetchArticle } from './fetch-article.js';
import { knownEntries, saveEntry } from './feed-entry-repo.js';

/** Entries read from one feed per crawl; the rest wait (feeds list newest first). */
export const MAX_ENTRIES_PER_CRAWL = 200;
/** An entry whose page failed this often is left alone until the feed changes it. */
export const MAX_ENTRY_FAILURES = 3;
const MAX_FEED_BYTES = 10 * 1024 * 1024;

/** The feed itself could not be read: the source backs off. */
export class SourceError extends Error {}

export interface CrawlOutcome {
  counts: CrawlCounts;
  notModified: boolean;
  etag: string | null;
  lastModified: string | null;
  /** A summary of article pages that failed, shown as the source's last error. */
  pageErrors: string | null;
}

export interface CrawlContext {
  db: Kysely<Database>;
  /** True when the crawl should end after the entry in hand (shutdown, time budget). */
  shouldStop?(): Promise<boolean>;
  clock: Clock;
  fetcher: PoliteFetcher;
  articles: ArticleStore;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  /** Seconds from an item appearing in the feed to being servable. */
  onFresh(seconds: number): void;
}

/**
 * One crawl of one source: conditional GET of its feed, then for each new or
 * changed entry its page, analysis and storage. Unchanged entries cost
 * nothing; a failing page fails only its entry.
 */
export async function crawlSource(ctx: CrawlContext, source: Source, counts: CrawlCounts = emptyCounts()): Promise<CrawlOutcome> {
  if (!source.feedUrl) throw new SourceError('the source has no feed_url');
  const feed = await fetchFeed(ctx, source, source.feedUrl);
  if (feed === 'not-modified') {
    return { counts, notModified: true, etag: source.crawl.etag, lastModified: source.crawl.lastModified, pageErrors: null };
  }

  await ctx.articles.refresh();
  const entries = uniqueByKey(feed.entries).slice(0, MAX_ENTRIES_PER_CRAWL);
  const known = await knownEntries(
    ctx.db,
    source.id,
    entries.map((e) => e.key),
  );
  const previousPoll = source.crawl.lastSuccessAt;
  const pageErrors: string[] = [];
  let complete = true;

  for (const entry of entries) {
    if (await ctx.shouldStop?.()) {
      complete = false;
      break;
    }
    const now = ctx.clock.now();
    const seen = known.get(entry.key);
    const fingerprint = entryFingerprint(entry);
    const unchanged = seen?.fingerprint === fingerprint;
    // Done with it: stored and unchanged, or failed too often while unchanged.
    // A failed first fetch or update is retried (fewer than MAX_ENTRY_FAILURES times).
    if (unchanged && ((seen.failures === 0 && seen.contentId !== null) || seen.failures >= MAX_ENTRY_FAILURES)) {
      counts.unchanged++;
      continue;
    }
    const record = (contentId: string | null, error: string | null) =>
      saveEntry(ctx.db, source.id, {
        key: entry.key,
        fingerprint,
        contentId,
        failures: error === null ? 0 : (unchanged ? seen.failures : 0) + 1,
        lastError: error,
        firstSeenAt: seen?.firstSeenAt ?? now,
        now,
      });

    const updateId = seen?.contentId ?? null;
    if (!updateId) {
      // A link to an article we already hold (another source, another feed): no page fetch.
      const twin = await contentIdByUrl(ctx.db, [canonicalUrl(entry.url)]);
      if (twin) {
        counts.duplicate++;
        await record(twin, null);
        continue;
      }
    }

    try {
      const draft = await fetchArticle(ctx.fetcher, source, entry, seen?.firstSeenAt ?? now);
      const { outcome, contentId } = await ctx.articles.save(draft, { updateId });
      counts[outcome]++;
      await record(contentId, null);
      if (outcome === 'new' && previousPoll !== null) {
        const appeared = Math.min(appearedAt(entry, previousPoll, now), seen?.firstSeenAt ?? now);
        ctx.onFresh((ctx.clock.now() - appeared) / 1000);
      }
    } catch (err) {
      // One bad page fails its entry, never the crawl; errors we did not
      // expect (a parser bug on odd markup) are logged with their stack.
      const expected = err instanceof ArticleError || err instanceof FetchError;
      if (!expected) ctx.log.error({ err, url: entry.url }, 'article processing failed unexpectedly');
      const message = expected ? (err as Error).message : `${entry.url} could not be processed`;
      counts.failed++;
      pageErrors.push(message);
      await record(updateId, message);
    }
  }
  // While some entries wait for a retry (a failed page, a crawl cut short),
  // the feed's validators are not kept: the next poll must read it in full.
  const retryPending = pageErrors.length > 0 || !complete;
  return {
    counts,
    notModified: false,
    etag: retryPending ? null : feed.etag,
    lastModified: retryPending ? null : feed.lastModified,
    pageErrors: pageErrors.length === 0 ? null : `${pageErrors.length} of ${entries.length} articles failed; first: ${pageErrors[0]}`,
  };
}

async function fetchFeed(ctx: CrawlContext, source: Source, feedUrl: string) {
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
  };
  if (source.crawl.etag) headers['if-none-match'] = source.crawl.etag;
  if (source.crawl.lastModified) headers['if-modified-since'] = source.crawl.lastModified;
  let response;
  try {
    response = await ctx.fetcher.fetch(feedUrl, { headers, maxBytes: MAX_FEED_BYTES });
  } catch (err) {
    if (err instanceof FetchError) throw new SourceError(`feed: ${err.message}`);
    throw err;
  }
  if (response.status === 304) return 'not-modified' as const;
  if (response.status < 200 || response.status > 299) throw new SourceError(`feed: ${feedUrl} answered HTTP ${response.status}`);
  try {
    const parsed = parseFeed(decodeText(response.body, response.headers['content-type']), response.url);
    return { entries: parsed.entries, etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null };
  } catch (err) {
    if (err instanceof FeedParseError) throw new SourceError(`feed: ${err.message}`);
    throw err;
  }
}

export function emptyCounts(): CrawlCounts {
  return { new: 0, updated: 0, duplicate: 0, unchanged: 0, failed: 0 };
}

/** What makes an entry "changed": a new title, summary, link or date means the article was edited. */
function entryFingerprint(entry: FeedEntry): string {
  const parts = [entry.url, entry.title, entry.summary, entry.publishedAt, entry.updatedAt].map((p) => String(p ?? ''));
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);
}

/**
 * When an item appeared in the feed: its date when that falls between the
 * previous poll and this one, else the previous poll (the latest moment it
 * can have appeared unseen). An upper bound on the true latency.
 */
function appearedAt(entry: FeedEntry, previousPoll: number, polledAt: number): number {
  const published = entry.publishedAt ?? previousPoll;
  return Math.min(Math.max(published, previousPoll), polledAt);
}

function uniqueByKey(entries: FeedEntry[]): FeedEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.key) && seen.add(e.key));
}
