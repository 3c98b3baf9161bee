import type { Agent } from 'undici';
import type * as Undici from 'undici';
import { lazyRequire } from '../lib/lazy-require.js';
import { describeNonPublicAddress, isPublicAddress } from '../fetch/address-policy.js';
import { AddressRefusedError, checkedConnector, NameNotResolvedError, systemLookup, type Lookup } from '../fetch/checked-connector.js';
import { isFetchError } from '../fetch/fetch-error.js';
import { parseFetchUrl } from '../fetch/fetch-url.js';
import { untilAborted } from '../fetch/safe-fetcher.js';

const undici = lazyRequire<typeof Undici>('undici');

/**
 * What one attempt came to: delivered (2xx), worth retrying (timeout, network
 * error, 429, 5xx) or final (any other answer, a refused address, a bad URL:
 * sending the same request again would get the same answer).
 */
export type SendOutcome =
  | { result: 'delivered'; statusCode: number; error: null; refusedAddress?: undefined }
  | {
      result: 'retry' | 'final';
      statusCode: number | null;
      /** Stored and shown to the tenant (its console members too). */
      error: string;
      /** The address a name resolved to, when the network rule refused it: for the log only, never in `error`. */
      refusedAddress?: string;
    };

export interface WebhookSenderOptions {
  allowPrivateNetwork: boolean;
  /** Plain http URLs are not sent to (WEBHOOK_REQUIRE_HTTPS): a URL saved before it was set fails. */
  requireHttps?: boolean;
  /** The whole attempt: connection, request, answer. */
  timeoutMs: number;
  lookup?: Lookup;
}

export const WEBHOOK_USER_AGENT = 'content-feed-webhooks/0.1';
/** Receivers' answers are not used: read a little so the connection can be reused, drop the rest. */
const RESPONSE_READ_LIMIT = 4 * 1024;

/**
 * POSTs signed webhook bodies. Every connection goes through the SSRF-checked
 * connector the crawler uses, so a tenant's URL cannot reach the service's own
 * network. Redirects are never followed (undici 7's `request` does not follow
 * them; a redirect interceptor would have to be added): a 3xx is a final answer.
 */
export class WebhookSender {
  readonly #agent: Agent;
  readonly #timeoutMs: number;
  readonly #requireHttps: boolean;

  constructor(o: WebhookSenderOptions) {
    this.#timeoutMs = o.timeoutMs;
    this.#requireHttps = o.requireHttps ?? false;
    this.#agent = new (undici().Agent)({
      connect: checkedConnector({
        lookup: o.lookup ?? systemLookup,
        isAllowed: o.allowPrivateNetwork ? null : isPublicAddress,
        connectTimeoutMs: o.timeoutMs,
      }),
    });
  }

  async send(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    let url: URL;
    try {
      url = parseFetchUrl(rawUrl);
    } catch (error) {
      return { result: 'final', statusCode: null, error: isFetchError(error) ? error.message : `"${rawUrl}" is not a valid URL` };
    }
    if (this.#requireHttps && url.protocol === 'http:') {
      return {
        result: 'final',
        statusCode: null,
        error: 'the URL uses plain http; this service sends webhooks over https only: set the webhook to an https URL',
      };
    }
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.#timeoutMs);
    try {
      const response = await untilAborted(
        this.#agent.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
          body,
          signal: abort.signal,
        }),
        abort.signal,
      );
      await response.body.dump({ limit: RESPONSE_READ_LIMIT }).catch(() => undefined);
      return classifyAnswer(response.statusCode, response.headers['location']);
    } catch (error) {
      if (timedOut) return { result: 'retry', statusCode: null, error: `no answer within ${this.#timeoutMs} ms` };
      return classifyFailure(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends every connection; attempts still in flight fail. */
  close(): Promise<void> {
    return this.#agent.destroy();
  }
}

export function classifyAnswer(status: number, location?: string | string[]): SendOutcome {
  if (status >= 200 && status < 300) return { result: 'delivered', statusCode: status, error: null };
  if (status === 429 || status >= 500) return { result: 'retry', statusCode: status, error: `the receiver answered ${status}` };
  if (status >= 300 && status < 400) {
    const target = typeof location === 'string' ? ` to ${location.slice(0, 200)}` : '';
    return {
      result: 'final',
      statusCode: status,
      error: `the receiver answered ${status} (a redirect${target}); redirects are not followed: set the webhook to the final URL`,
    };
  }
  return {
    result: 'final',
    statusCode: status,
    error: `the receiver answered ${status}; only 2xx counts as delivered, and ${status} is not retried`,
  };
}

function classifyFailure(error: unknown): SendOutcome {
  if (error instanceof AddressRefusedError) {
    const policy = 'webhooks may not reach private networks (the operator can set ALLOW_PRIVATE_NETWORK_FETCH=true)';
    const literal = error.hostname.replace(/^\[|\]$/g, '') === error.address;
    if (literal) {
      // The tenant wrote this address in its URL: naming it reveals nothing.
      const why = describeNonPublicAddress(error.address) ?? 'an address the network policy refuses';
      return { result: 'final', statusCode: null, error: `${error.hostname} is ${error.address}, ${why}; ${policy}` };
    }
    // What a name resolves to inside our network is ours: a tenant (or its console
    // members) reading last_error must not learn it, so only the log names it.
    return {
      result: 'final',
      statusCode: null,
      error: `${error.hostname} resolves to a private or reserved address; ${policy}`,
      refusedAddress: error.address,
    };
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof NameNotResolvedError) {
    const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code;
    return { result: 'retry', statusCode: null, error: `${error.hostname} could not be resolved${cause ? ` (${cause})` : ''}` };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { result: 'retry', statusCode: null, error: 'the connection was not established in time' };
  const message = error instanceof Error ? error.message : String(error);
  return {
    result: 'retry',
    statusCode: null,
    error: `the request failed: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`,
  };
}
