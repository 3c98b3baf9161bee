import type { ArticleStore } from '../content/article-store.js';
import { Crawler, USER_AGENT } from '../crawl/crawler.js';
import { HostPoliteness } from '../fetch/host-politeness.js';
import { PoliteFetcher } from '../fetch/polite-fetcher.js';
import { RobotsRules } from '../fetch/robots.js';
import { SafeFetcher, type SafeFetcherOptions } from '../fetch/safe-fetcher.js';
import { crawlMeter } from '../metrics/index.js';
import type { RuntimeBase } from './runtime-base.js';

/** The crawler, which fetches politely (robots.txt, a delay per host: docs/crawling.md). */
export function buildCrawler(
  { config, database, clock, log, metrics }: RuntimeBase,
  parts: { articles: ArticleStore; inProcessSites: SafeFetcherOptions['inProcessSites'] },
) {
  const crawlFetcher = new SafeFetcher({
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    userAgent: USER_AGENT,
    timeoutMs: config.crawl.fetchTimeoutMs,
    inProcessSites: parts.inProcessSites,
  });
  const crawlMetrics = crawlMeter(metrics);
  const crawler = new Crawler(
    {
      db: database.db,
      clock,
      fetcher: new PoliteFetcher({
        fetcher: crawlFetcher,
        robots: new RobotsRules({ fetcher: crawlFetcher, userAgent: USER_AGENT, now: () => clock.now() }),
        politeness: new HostPoliteness({ minDelayMs: config.crawl.hostDelayMs, now: () => clock.now() }),
      }),
      articles: parts.articles,
      log,
      onFresh: crawlMetrics.fresh,
    },
    { concurrency: config.crawl.concurrency, leaseMs: 15 * 60_000, budgetMs: 10 * 60_000, tickMs: 1000, onReport: crawlMetrics.crawled },
  );
  return { crawler, crawlFetcher };
}
