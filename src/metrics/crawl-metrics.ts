import { Counter, Histogram, type Registry } from 'prom-client';
import type { CrawlReport } from '../crawl/crawler.js';

/** The crawler's: content_freshness_seconds, crawls_total and crawled_entries_total. */
export function crawlMeter(metrics: Registry) {
  const freshness = new Histogram({
    name: 'content_freshness_seconds',
    help: 'Time from an article appearing in a polled feed to being servable (an upper bound: the previous poll when its date is older).',
    buckets: [5, 10, 20, 30, 45, 60, 90, 120, 300, 600, 1800, 3600],
    registers: [metrics],
  });
  const crawls = new Counter({
    name: 'crawls_total',
    help: 'Finished crawls of sources, by status (completed, failed).',
    labelNames: ['status'],
    registers: [metrics],
  });
  const entries = new Counter({
    name: 'crawled_entries_total',
    help: 'Feed entries handled by crawls, by outcome (new, updated, duplicate, unchanged, failed).',
    labelNames: ['outcome'],
    registers: [metrics],
  });
  return {
    fresh: (seconds: number) => {
      freshness.observe(seconds);
    },
    crawled: (report: CrawlReport) => {
      crawls.inc({ status: report.status });
      for (const [outcome, n] of Object.entries(report.counts) as [string, number][]) if (n > 0) entries.inc({ outcome }, n);
    },
  };
}
