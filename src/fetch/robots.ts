import robotsParserModule from 'robots-parser';
import { FetchError } from './fetch-error.js';
import { parseFetchUrl } from './fetch-url.js';
import type { SafeFetcher } from './safe-fetcher.js';

// robots-parser is CommonJS (`module.exports = fn`) but its types declare an ES
// default export, so under NodeNext TypeScript sees `{ default: fn }` where Node gives fn.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;
type Robot = ReturnType<typeof robotsParser>;

type OriginRules =
  | { kind: 'rules'; robot: Robot; expiresAt: number }
  | { kind: 'allow-all'; expiresAt: number }
  /** robots.txt could not be read: nothing is fetched until the retry. */
  | { kind: 'unavailable'; reason: string; expiresAt: number }
  /** The origin itself may not be fetched (address policy): its error is the answer. */
  | { kind: 'refused'; error: FetchError; expiresAt: number };

// Google's practice (developers.google.com/search/docs/crawling-indexing/robots/robots_txt):
// rules are cached up to 24 h; a robots.txt that cannot be fetched (5xx, 429, network)
// means "crawl nothing" for now, retried sooner; files past 500 KiB are not read.
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const UNAVAILABLE_RETRY_MS = 10 * 60 * 1000;
const MAX_ROBOTS_BYTES = 500 * 1024;

/**
 * robots.txt per origin, fetched once per TTL (concurrent callers share one fetch).
 * 2xx → the rules for our user agent; 4xx (except 429) → everything allowed;
 * 5xx, 429 or a failed fetch → everything disallowed until a retry 10 minutes on,
 * unless earlier rules are known, which are kept meanwhile. An origin the address
 * policy refuses makes isAllowed throw that blocked_address error, so the operator
 * sees the real cause rather than "disallowed by robots.txt".
 */
export class RobotsRules {
  readonly #fetcher: SafeFetcher;
  readonly #userAgent: string;
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #rules = new Map<string, OriginRules>();
  readonly #pending = new Map<string, Promise<OriginRules>>();

  constructor(o: { fetcher: SafeFetcher; userAgent: string; now: () => number; ttlMs?: number }) {
    this.#fetcher = o.fetcher;
    this.#userAgent = o.userAgent;
    this.#now = o.now;
    this.#ttlMs = o.ttlMs ?? DEFAULT_TTL_MS;
  }

  async isAllowed(url: string): Promise<boolean> {
    const parsed = parseFetchUrl(url);
    const rules = await this.#rulesFor(parsed.origin);
    switch (rules.kind) {
      case 'rules':
        return rules.robot.isAllowed(parsed.href, this.#userAgent) ?? true;
      case 'allow-all':
        return true;
      case 'unavailable':
        return false;
      case 'refused':
        throw rules.error;
    }
  }

  /** The Crawl-delay for our user agent from the cached rules of the URL's origin, if any. */
  crawlDelayMs(url: string): number | null {
    const rules = this.#rules.get(parseFetchUrl(url).origin);
    const seconds = rules?.kind === 'rules' ? rules.robot.getCrawlDelay(this.#userAgent) : undefined;
    return seconds === undefined || !Number.isFinite(seconds) || seconds < 0 ? null : seconds * 1000;
  }

  /** Why the URL's origin has no readable robots.txt right now (for error messages), or null. */
  unavailableReason(url: string): string | null {
    const rules = this.#rules.get(parseFetchUrl(url).origin);
    return rules?.kind === 'unavailable' ? rules.reason : null;
  }

  #rulesFor(origin: string): Promise<OriginRules> {
    const cached = this.#rules.get(origin);
    if (cached && cached.expiresAt > this.#now()) return Promise.resolve(cached);
    const inFlight = this.#pending.get(origin);
    if (inFlight) return inFlight;
    const loading = this.#load(origin, cached).finally(() => this.#pending.delete(origin));
    this.#pending.set(origin, loading);
    return loading;
  }

  async #load(origin: string, previous: OriginRules | undefined): Promise<OriginRules> {
    const robotsUrl = `${origin}/robots.txt`;
    const expiresAt = this.#now() + this.#ttlMs;
    const rules = await this.#fetcher.fetch(robotsUrl, { maxBytes: MAX_ROBOTS_BYTES }).then(
      (response): OriginRules => {
        if (response.status >= 200 && response.status < 300) {
          return { kind: 'rules', robot: robotsParser(robotsUrl, response.body.toString('utf8')), expiresAt };
        }
        if (response.status === 429 || response.status >= 500) {
          return this.#unavailable(previous, `${robotsUrl} answered ${response.status}`);
        }
        // 4xx, and 3xx that did not lead anywhere: no robots.txt, so no restriction.
        return { kind: 'allow-all', expiresAt };
      },
      (error: unknown): OriginRules => {
        if (error instanceof FetchError && error.code === 'blocked_address') {
          return { kind: 'refused', error, expiresAt: this.#now() + UNAVAILABLE_RETRY_MS };
        }
        // Redirect loops count as "no file", as Google does.
        if (error instanceof FetchError && error.code === 'too_many_redirects') return { kind: 'allow-all', expiresAt };
        // Google reads 500 KiB and ignores the rest; we refuse a bigger file (too_large)
        // as unreadable instead: no real robots.txt comes near that size.
        return this.#unavailable(previous, error instanceof Error ? error.message : String(error));
      },
    );
    this.#rules.set(origin, rules);
    return rules;
  }

  #unavailable(previous: OriginRules | undefined, reason: string): OriginRules {
    const expiresAt = this.#now() + UNAVAILABLE_RETRY_MS;
    return previous?.kind === 'rules' || previous?.kind === 'allow-all'
      ? { ...previous, expiresAt }
      : { kind: 'unavailable', reason, expiresAt };
  }
}
