import type { CrawlCounts } from '../content/source-repo.js';
import { BackgroundLoop } from '../lib/background-loop.js';
import { toIso } from '../lib/time.js';
import { retryDelayMs } from './backoff.js';
import { claimSource, dueSourceIds, recordCrawlFailure, recordCrawlSuccess, renewLease } from './crawl-state-repo.js';
import { addCrawlRecord } from './crawl-history-repo.js';
import { crawlSource, emptyCounts, SourceError, type CrawlContext } from './crawl-source.js';
import { passesAutomaticReview, raiseToReviewed } from './review-source.js';

/** The User-Agent of every fetch the crawler makes (and of the thumbnail proxy's, on the same sites). */
export const USER_AGENT = 'content-feed/0.1 (+https://github.com/content-feed; news crawler)';

export interface CrawlReport {
  source_id: string;
  status: 'completed' | 'failed';
  not_modified: boolean;
  counts: CrawlCounts;
  error: string | null;
  next_crawl_at: string;
}

export interface CrawlerOptions {
  /** Sources crawled at once; each holds one slot while it waits on its hosts. */
  concurrency: number;
  /** How long a claimed source stays claimed without renewal if its crawler dies. */
  leaseMs: number;
  /** How long one crawl may run; entries left over wait for the next crawl. */
  budgetMs: number;
  /** How often the scheduler looks for due sources. */
  tickMs: number;
  random?: () => number;
  /** Told of every finished crawl (metrics). */
  onReport?: (report: CrawlReport) => void;
}

/**
 * The crawl scheduler. Each active source with a feed is crawled on its
 * interval; a failing one backs off exponentially (backoff.ts) and shows its
 * error in the admin API. Sources run concurrently up to `concurrency`, and a
 * crawl stops taking new entries after `budgetMs`, so a slow source holds one
 * slot for a bounded time and never takes the others' turns.
 */
export class Crawler {
  private readonly inFlight = new Map<string, Promise<CrawlReport | null>>();
  private readonly loop: BackgroundLoop;
  private closing = false;

  constructor(
    private readonly ctx: CrawlContext,
    private readonly options: CrawlerOptions,
  ) {
    this.loop = new BackgroundLoop({
      pollMs: options.tickMs,
      pass: async () => {
        const crawls = await this.startDue();
        // Not awaited: a long crawl must not hold back the next pass.
        Promise.all(crawls).catch((err: unknown) => this.schedulingFailed(err));
      },
      onError: (err) => this.schedulingFailed(err),
    });
  }

  /**
   * Crawls a source now and reports the counts. When this node is already
   * crawling it, the report of that crawl; null when another worker holds it.
   */
  async crawlNow(sourceId: string): Promise<CrawlReport | null> {
    return this.inFlight.get(sourceId) ?? this.start(sourceId);
  }

  /** One scheduler pass: starts every due source there is a slot for and waits for those. */
  async runDue(): Promise<CrawlReport[]> {
    const reports = await Promise.all(await this.startDue());
    return reports.filter((r): r is CrawlReport => r !== null);
  }

  /** Looks for due sources every tickMs (after each pass), crawls running beside the next passes. */
  startScheduler(): void {
    this.loop.start();
  }

  /** Looks for due sources at once (a source was added or asked to crawl). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops scheduling; crawls in flight finish the entry in hand and record what they did. */
  async stop(): Promise<void> {
    const passEnds = this.loop.stop();
    this.closing = true;
    // A pass in flight may yet start crawls: wait for it, then for them.
    await passEnds;
    await Promise.allSettled(this.inFlight.values());
  }

  /** Starts every due source there is a slot for; returns their crawls. */
  private async startDue(): Promise<Promise<CrawlReport | null>[]> {
    if (this.options.concurrency - this.inFlight.size <= 0 || this.closing) return [];
    const ids = await dueSourceIds(this.ctx.db, this.ctx.clock.now(), this.options.concurrency + this.inFlight.size);
    // Slots are counted again after the query: other passes may have started crawls meanwhile.
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || this.closing) return [];
    return ids
      .filter((id) => !this.inFlight.has(id))
      .slice(0, free)
      .map((id) => this.start(id));
  }

  private schedulingFailed(err: unknown): void {
    this.ctx.log.error({ err }, 'crawl scheduling failed');
  }

  private start(sourceId: string): Promise<CrawlReport | null> {
    const run = this.crawl(sourceId).finally(() => this.inFlight.delete(sourceId));
    this.inFlight.set(sourceId, run);
    return run;
  }

  private async crawl(sourceId: string): Promise<CrawlReport | null> {
    const report = await this.crawlClaimed(sourceId);
    if (report) {
      // One line per crawl with its outcome, at warn when it failed: what an operator greps for.
      const { counts } = report;
      const line = {
        sourceId,
        status: report.status,
        notModified: report.not_modified,
        ...counts,
        error: report.error,
        nextCrawlAt: report.next_crawl_at,
      };
      if (report.status === 'failed') this.ctx.log.warn(line, 'crawl failed');
      else this.ctx.log.info(line, 'crawl completed');
      this.options.onReport?.(report);
    }
    return report;
  }

  private async crawlClaimed(sourceId: string): Promise<CrawlReport | null> {
    const { clock, db } = this.ctx;
    const { leaseMs, budgetMs } = this.options;
    const startedAt = clock.now();
    let lease = startedAt + leaseMs;
    const source = await claimSource(db, sourceId, startedAt, lease);
    if (!source) return null;
    const intervalMs = source.crawlIntervalSeconds * 1000;
    const counts = emptyCounts();
    // Renewed between entries: a long crawl keeps its source; a dead one loses it.
    const shouldStop = async () => {
      const now = clock.now();
      if (now + leaseMs / 2 > lease) {
        const renewed = now + leaseMs;
        await renewLease(db, source.id, lease, renewed);
        lease = renewed;
      }
      return this.closing || now - startedAt > budgetMs;
    };
    try {
      const outcome = await crawlSource({ ...this.ctx, shouldStop }, source, counts);
      const now = clock.now();
      const next = now + intervalMs;
      const recorded = await recordCrawlSuccess(db, source.id, lease, {
        now,
        next,
        etag: outcome.etag,
        lastModified: outcome.lastModified,
        counts,
        notModified: outcome.notModified,
        pageErrors: outcome.pageErrors,
      });
      if (recorded)
        await addCrawlRecord(db, source.id, {
          at: now,
          status: 'completed',
          notModified: outcome.notModified,
          counts,
          error: outcome.pageErrors,
        });
      // The automatic review of a new source: its first successful crawl only,
      // so an operator's later demotion to 0 stands.
      if (source.trustLevel === 0 && source.crawl.lastSuccessAt === null && passesAutomaticReview(counts))
        await raiseToReviewed(db, source.id, now);
      return {
        source_id: source.id,
        status: 'completed',
        not_modified: outcome.notModified,
        counts,
        error: outcome.pageErrors,
        next_crawl_at: toIso(next),
      };
    } catch (err) {
      const error = err instanceof SourceError ? err.message : 'internal error while crawling (see the service log)';
      if (!(err instanceof SourceError)) this.ctx.log.error({ err, sourceId }, 'crawl failed unexpectedly');
      const now = clock.now();
      const errorCount = source.crawl.errorCount + 1;
      const next = now + Math.max(intervalMs, retryDelayMs(errorCount, this.options.random));
      if (await recordCrawlFailure(db, source.id, lease, { now, next, error, errorCount, counts })) {
        await addCrawlRecord(db, source.id, { at: now, status: 'failed', notModified: false, counts, error });
      }
      return { source_id: source.id, status: 'failed', not_modified: false, counts, error, next_crawl_at: toIso(next) };
    }
  }
}
