import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './backoff.js';
import { callStateOf, retryAfterSeconds, type CallState } from './call-state.js';
import { ProblemError } from './problem-error.js';
import { RateLimitPacer } from './rate-limit-pacer.js';
import { realTimer, type Timer } from './timer.js';
import type { Problem } from './types.js';

export interface ClientOptions {
  /** The tenant's API key. Keep it on your server: never ship it to a browser or an app. */
  apiKey: string;
  /** Where the API is, e.g. `https://feed.example.com` (no `/v1`). */
  baseUrl: string;
  /** Retries on 429, 502/503/504 and network errors (the last two only for idempotent calls); `false` for none. */
  retry?: Partial<RetryPolicy> | false;
  /**
   * Spread requests under the plan's rate limit instead of meeting 429s. `true` learns
   * the limit from X-RateLimit-Limit; a number sets it (requests per second).
   */
  pacing?: boolean | { requestsPerSecond: number };
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Default: real time. Tests inject a manual clock. */
  timer?: Timer;
  /** Default: Math.random (the backoff jitter). */
  random?: () => number;
  /** Called before each retry with its number, the wait and why. */
  onRetry?: (retry: { attempt: number; delayMs: number; reason: ProblemError | Error }) => void;
}

export interface RequestSpec {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Whether sending it twice does no harm. GET, PUT and DELETE are; a POST is only
   * with an Idempotency-Key (or an endpoint that de-duplicates, like events).
   * A 429 is retried whatever this says: the server refused it before doing anything.
   */
  idempotent: boolean;
}

/**
 * One HTTP exchange with the API, with retries, pacing and the last call's state.
 * Only `fetch` is used, so it runs on Node 20, Deno, Bun and edge runtimes alike.
 */
export class Transport {
  readonly retry: RetryPolicy;
  readonly timer: Timer;
  private readonly fetch: typeof fetch;
  private readonly random: () => number;
  private readonly pacer: RateLimitPacer | null;
  private readonly baseUrl: string;
  /** The state of the last response, after each call. */
  last: CallState | null = null;
  /** Credits consumed by this client's calls so far. */
  creditsUsed = 0;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = options.retry === false ? { ...DEFAULT_RETRY_POLICY, maxAttempts: 1 } : { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timer = options.timer ?? realTimer;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.random = options.random ?? Math.random;
    const pacing = options.pacing;
    this.pacer = pacing ? new RateLimitPacer(this.timer, typeof pacing === 'object' ? pacing.requestsPerSecond : undefined) : null;
  }

  /** Sends the request and returns the parsed JSON body (undefined for 204). */
  async request<T>(spec: RequestSpec): Promise<T> {
    const url = this.urlOf(spec);
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json', ...spec.headers };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    for (let attempt = 1; ; attempt++) {
      await this.pacer?.slot();
      let response: Response;
      try {
        response = await this.fetch(url, { method: spec.method, headers, body });
      } catch (error) {
        this.pacer?.releaseProbe();
        // The request may have reached the server: only an idempotent one is sent again.
        if (!spec.idempotent || attempt >= this.retry.maxAttempts) throw error;
        await this.wait(attempt, null, error as Error);
        continue;
      }
      const state = callStateOf(response);
      this.last = state;
      this.creditsUsed += state.creditsUsed;
      const retryAfter = response.ok ? null : retryAfterSeconds(response, this.timer.now());
      this.pacer?.observe(state.rateLimit, retryAfter);
      if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;

      const problem = new ProblemError(response.status, await problemOf(response), state.requestId, retryAfter);
      const retryable = response.status === 429 || (GATEWAY_STATUSES.has(response.status) && spec.idempotent);
      if (!retryable || attempt >= this.retry.maxAttempts) throw problem;
      await this.wait(attempt, retryAfter, problem);
    }
  }

  /** A plain GET of an absolute URL (a signed download URL): no key, no retries here. */
  download(url: string): Promise<Response> {
    return this.fetch(url, { method: 'GET' });
  }

  private async wait(attempt: number, retryAfter: number | null, reason: ProblemError | Error): Promise<void> {
    const delayMs = retryDelayMs(this.retry, attempt, retryAfter, this.random);
    this.options.onRetry?.({ attempt, delayMs, reason });
    await this.timer.sleep(delayMs);
  }

  private urlOf(spec: RequestSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) if (value !== undefined) query.set(name, String(value));
    const search = query.toString();
    return `${this.baseUrl}${spec.path}${search ? `?${search}` : ''}`;
  }
}

/** Statuses that say "not now" (a draining node, a proxy without an upstream): worth another try. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

async function problemOf(response: Response): Promise<Problem | null> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as Problem;
    return parsed && typeof parsed === 'object' && typeof parsed.status === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** A path segment, percent-encoded (user ids are the tenant's own strings). */
export const segment = (value: string): string => encodeURIComponent(value);
