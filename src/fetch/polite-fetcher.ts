import { FetchError } from './fetch-error.js';
import type { HostPoliteness } from './host-politeness.js';
import type { RobotsRules } from './robots.js';
import type { FetchedResponse, FetchOptions, SafeFetcher } from './safe-fetcher.js';

/** A robots Crawl-delay above this is capped: some sites ask for hours, which would stall a feed. */
export const MAX_CRAWL_DELAY_MS = 30_000;

/**
 * What the crawler fetches with: robots.txt first, then the host's politeness slot,
 * then the SSRF-safe fetch. A redirect to another origin is checked against that
 * origin's robots.txt too.
 */
export class PoliteFetcher {
  readonly #fetcher: SafeFetcher;
  readonly #robots: RobotsRules;
  readonly #politeness: HostPoliteness;

  constructor(o: { fetcher: SafeFetcher; robots: RobotsRules; politeness: HostPoliteness }) {
    this.#fetcher = o.fetcher;
    this.#robots = o.robots;
    this.#politeness = o.politeness;
  }

  async fetch(url: string, o: FetchOptions & { skipRobots?: boolean } = {}): Promise<FetchedResponse> {
    const { skipRobots = false, ...options } = o;
    if (!skipRobots) await this.#requireAllowed(url);
    const crawlDelayMs = this.#robots.crawlDelayMs(url);
    const delayMs = crawlDelayMs === null ? undefined : Math.min(crawlDelayMs, MAX_CRAWL_DELAY_MS);
    // Politeness protects other people's servers; a site in this process has none.
    if (this.#fetcher.servesInProcess(url)) return this.#fetcher.fetch(url, options);
    const beforeRedirect = async (next: string): Promise<void> => {
      await options.beforeRedirect?.(next);
      if (!skipRobots && new URL(next).origin !== new URL(url).origin) await this.#requireAllowed(next);
    };
    return this.#politeness.run(url, () => this.#fetcher.fetch(url, { ...options, beforeRedirect }), { delayMs });
  }

  async #requireAllowed(url: string): Promise<void> {
    if (await this.#robots.isAllowed(url)) return;
    const unavailable = this.#robots.unavailableReason(url);
    throw new FetchError(
      'robots_disallowed',
      url,
      unavailable === null
        ? `${url} is disallowed for our crawler by ${new URL(url).origin}/robots.txt`
        : `${url} is not fetched while its robots.txt cannot be read (${unavailable}); retried in 10 minutes`,
    );
  }
}
