import type { Kysely } from 'kysely';
import type { CrawlCounts } from '../content/source-repo.js';
import type { Database } from '../db/schema.js';
import { toIso } from '../lib/time.js';
import { retryDelayMs } from './backoff.js';
import { claimSource, dueSourceIds, recordCrawlFailure, recordCrawlSuccess } from './crawl-state-repo.js';
import { crawlSource, SourceError, type CrawlContext } from './crawl-source.js';
import { passesAutomaticReview, raiseToReviewed } from './review-source.js';

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
  /** How long a claimed source stays claimed if its crawler dies. */
  leaseMs: number;
  /** How often the scheduler looks for due sources. */
  tickMs: number;
  random?: () => number;
  /** Told of every finished crawl (metrics). */
  onReport?: (report: CrawlReport) => void;
}

const EMPTY: CrawlCounts = { new: 0, updated: 0, duplicate: 0, unchanged: 0, failed: 0 };

/**
 * The crawl scheduler. Each active source with a feed is crawled on its
 * interval; a failing one backs off exponentially (backoff.ts) and shows its
 * error in the admin API. Sources run concurrently up to `concurrency`, so a
 * slow or failing source holds one slot, never the others' turns.
 */
export class Crawler {
  private readonly inFlight = new Map<string, Promise<CrawlReport | null>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly ctx: CrawlContext,
    private readonly options: CrawlerOptions,
  ) {}

  private get db(): Kysely<Database> {
    return this.ctx.db;
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
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return [];
    const ids = await dueSourceIds(this.db, this.ctx.clock.now(), free + this.inFlight.size);
    const started = ids.filter((id) => !this.inFlight.has(id)).slice(0, free).map((id) => this.start(id));
    const reports = await Promise.all(started);
    return reports.filter((r): r is CrawlReport => r !== null);
  }

  startScheduler(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due sources at once (a source was added or asked to crawl). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled(this.inFlight.values());
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    // Not awaited: a long crawl must not hold back the next pass.
    this.runDue().catch((err) => this.ctx.log.error({ err }, 'crawl scheduling failed'));
    this.schedule(this.options.tickMs);
  }

  private start(sourceId: string): Promise<CrawlReport | null> {
    const run = this.crawl(sourceId).finally(() => this.inFlight.delete(sourceId));
    this.inFlight.set(sourceId, run);
    return run;
  }

  private async crawl(sourceId: string): Promise<CrawlReport | null> {
    const report = await this.crawlClaimed(sourceId);
    if (report) this.options.onReport?.(report);
    return report;
  }

  private async crawlClaimed(sourceId: string): Promise<CrawlReport | null> {
    const { clock, db } = this.ctx;
    const source = await claimSource(db, sourceId, clock.now(), this.options.leaseMs);
    if (!source) return null;
    const intervalMs = source.crawlIntervalSeconds * 1000;
    try {
      const outcome = await crawlSource(this.ctx, source);
      const now = clock.now();
      const next = now + intervalMs;
      await recordCrawlSuccess(db, source.id, { now, next, ...outcome, counts: outcome.counts });
      if (source.trustLevel === 0 && passesAutomaticReview(outcome.counts)) await raiseToReviewed(db, source.id, now);
      return { source_id: source.id, status: 'completed', not_modified: outcome.notModified, counts: outcome.counts, error: outcome.pageErrors, next_crawl_at: toIso(next) };
    } catch (err) {
      const error = err instanceof SourceError ? err.message : 'internal error while crawling (see the service log)';
      if (!(err instanceof SourceError)) this.ctx.log.error({ err, sourceId }, 'crawl failed unexpectedly');
      const now = clock.now();
      const errorCount = source.crawl.errorCount + 1;
      const next = now + Math.max(intervalMs, retryDelayMs(errorCount, this.options.random));
      await recordCrawlFailure(db, source.id, { now, next, error, errorCount, counts: EMPTY });
      return { source_id: source.id, status: 'failed', not_modified: false, counts: EMPTY, error, next_crawl_at: toIso(next) };
    }
  }
}
