import type { Readable } from 'node:stream';
import type { Agent } from 'undici';
import type * as Undici from 'undici';
import { lazyRequire } from '../lib/lazy-require.js';
import { describeNonPublicAddress, isPublicAddress } from './address-policy.js';
import { AddressRefusedError, checkedConnector, NameNotResolvedError, systemLookup, type Lookup } from './checked-connector.js';
import { FetchError } from './fetch-error.js';
import { parseFetchUrl } from './fetch-url.js';
import type { InProcessSite } from './in-process-site.js';
import { ACCEPT_ENCODING, BodyDecodeError, BodyTooLargeError, decodeBody, readLimitedBody } from './read-body.js';

const undici = lazyRequire<typeof Undici>('undici');

export interface FetchOptions {
  headers?: Record<string, string>;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Called with each redirect target before it is requested; throw to refuse it. */
  beforeRedirect?: (nextUrl: string) => Promise<void>;
}

export interface FetchedResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated fields joined with ", ". Decoded bodies lose Content-Encoding/-Length. */
  headers: Record<string, string>;
  body: Buffer;
  redirects: number;
}

export interface SafeFetcherOptions {
  allowPrivateNetwork: boolean;
  userAgent: string;
  /** The whole fetch: every redirect hop, headers and body. */
  timeoutMs?: number;
  /** Both on the wire and after decoding. */
  maxBytes?: number;
  maxRedirects?: number;
  lookup?: Lookup;
  /** Ignored when allowPrivateNetwork. */
  isAllowedAddress?: (ip: string) => boolean;
  /** Sites answered in this process (the demo site); never reached over the network. */
  inProcessSites?: readonly InProcessSite[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers the transport owns; a caller's value would break framing or the address checks.
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
  'content-length',
  'accept-encoding',
]);
// Sent to the origin they were meant for, never to where a redirect points.
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const DISCARD_LIMIT_BYTES = 64 * 1024;

/**
 * Every outbound HTTP GET of the crawler: SSRF-checked on every hop, bounded in time
 * and size, redirects followed by hand (undici 7 dropped maxRedirections) so each
 * hop goes through the same checks. One instance serves all crawls concurrently
 * over one keep-alive agent.
 */
export class SafeFetcher {
  /** Made at the first fetch over the network: undici's load was ~0.1 s of serve's start (issue 15), and most nodes never crawl. */
  #agent: Agent | null = null;
  readonly #connector: () => Undici.buildConnector.connector;
  readonly #userAgent: string;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #maxRedirects: number;
  readonly #sites: Map<string, InProcessSite>;

  constructor(o: SafeFetcherOptions) {
    this.#sites = new Map((o.inProcessSites ?? []).map((site) => [site.hostname, site]));
    this.#userAgent = o.userAgent;
    this.#timeoutMs = o.timeoutMs ?? 10_000;
    this.#maxBytes = o.maxBytes ?? 5 * 1024 * 1024;
    this.#maxRedirects = o.maxRedirects ?? 5;
    const isAllowed = o.allowPrivateNetwork ? null : (o.isAllowedAddress ?? isPublicAddress);
    const timeoutMs = this.#timeoutMs;
    this.#connector = () => checkedConnector({ lookup: o.lookup ?? systemLookup, isAllowed, connectTimeoutMs: timeoutMs });
  }

  get #network(): Agent {
    return (this.#agent ??= new (undici().Agent)({ connect: this.#connector() }));
  }

  /** True when `url` is answered in this process (no host to be polite to). */
  servesInProcess(url: string): boolean {
    return this.#sites.has(parseFetchUrl(url).hostname);
  }

  async fetch(rawUrl: string, o: FetchOptions = {}): Promise<FetchedResponse> {
    const site = this.#sites.get(parseFetchUrl(rawUrl).hostname);
    if (site) return this.#fetchInProcess(site, parseFetchUrl(rawUrl), o);
    const timeoutMs = o.timeoutMs ?? this.#timeoutMs;
    const maxBytes = o.maxBytes ?? this.#maxBytes;
    const maxRedirects = o.maxRedirects ?? this.#maxRedirects;
    const first = parseFetchUrl(rawUrl);
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);

    let url = first;
    let redirects = 0;
    let headers = this.#requestHeaders(o.headers);
    try {
      for (;;) {
        const response = await untilAborted(
          this.#network.request({ origin: url.origin, path: url.pathname + url.search, method: 'GET', headers, signal: abort.signal }),
          abort.signal,
        );
        const responseHeaders = flattenHeaders(response.headers);
        const location = responseHeaders['location'];
        if (!REDIRECT_STATUSES.has(response.statusCode) || location === undefined) {
          const body = await this.#readBody(response.body, responseHeaders, maxBytes, abort);
          if (timedOut) throw new Error('timed out while decoding');
          return { url: url.href, status: response.statusCode, headers: responseHeaders, body, redirects };
        }
        await response.body.dump({ limit: DISCARD_LIMIT_BYTES }).catch(() => undefined);
        if (redirects >= maxRedirects) {
          throw new FetchError(
            'too_many_redirects',
            url.href,
            `${first.href} redirected more than ${maxRedirects} times (last to ${location})`,
          );
        }
        const next = parseFetchUrl(location, url.href);
        await o.beforeRedirect?.(next.href);
        if (next.origin !== url.origin) headers = withoutCredentials(headers);
        url = next;
        redirects += 1;
      }
    } catch (error) {
      throw timedOut
        ? new FetchError('timeout', url.href, `${describeHop(url, first)} did not complete within ${timeoutMs} ms`, { cause: error })
        : this.#toFetchError(error, url, first, maxBytes);
    } finally {
      clearTimeout(timer);
    }
  }

  /** An in-process site's answer, within the same size limit; it never redirects. */
  async #fetchInProcess(site: InProcessSite, url: URL, o: FetchOptions): Promise<FetchedResponse> {
    const maxBytes = o.maxBytes ?? this.#maxBytes;
    const answer = await site.respond({ url, headers: this.#requestHeaders(o.headers) });
    if (answer.body.length > maxBytes) throw this.#toFetchError(new BodyTooLargeError(maxBytes), url, url, maxBytes);
    return { url: url.href, status: answer.status, headers: { ...answer.headers }, body: answer.body, redirects: 0 };
  }

  /** Ends every connection; fetches still in flight fail. Call once crawls have stopped. */
  async close(): Promise<void> {
    await this.#agent?.destroy();
  }

  async #readBody(body: Readable, headers: Record<string, string>, maxBytes: number, abort: AbortController): Promise<Buffer> {
    try {
      const declared = Number(headers['content-length']);
      if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
      const raw = await readLimitedBody(body, maxBytes);
      const encoding = headers['content-encoding'];
      if (encoding === undefined) return raw;
      const decoded = await decodeBody(raw, encoding, maxBytes);
      if (decoded === null) return raw;
      delete headers['content-encoding'];
      delete headers['content-length'];
      return decoded;
    } catch (error) {
      // Aborting the request makes undici destroy the socket: the rest of an
      // oversized body is never read, and the connection is not reused.
      if (error instanceof BodyTooLargeError) abort.abort();
      throw error;
    }
  }

  #requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: '*/*' };
    for (const [name, value] of Object.entries(extra)) {
      const lower = name.toLowerCase();
      if (!TRANSPORT_HEADERS.has(lower)) headers[lower] = value;
    }
    headers['accept-encoding'] = ACCEPT_ENCODING;
    return headers;
  }

  #toFetchError(error: unknown, url: URL, first: URL, maxBytes: number): FetchError {
    const hop = describeHop(url, first);
    if (error instanceof FetchError) return error;
    if (error instanceof AddressRefusedError) {
      const literal = error.hostname.replace(/^\[|\]$/g, '') === error.address;
      const why = describeNonPublicAddress(error.address) ?? 'an address the fetch policy refuses';
      return new FetchError(
        'blocked_address',
        url.href,
        `${hop} ${literal ? 'is' : 'resolves to'} ${error.address}, ${why}; ` +
          'outbound fetches may not reach private networks (set ALLOW_PRIVATE_NETWORK_FETCH=true to allow)',
      );
    }
    if (error instanceof NameNotResolvedError) {
      const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
      return new FetchError('dns', url.href, `${hop}: ${error.hostname} could not be resolved${code ? ` (${code})` : ''}`, {
        cause: error,
      });
    }
    if (error instanceof BodyTooLargeError) {
      return new FetchError('too_large', url.href, `${hop} is larger than the limit of ${maxBytes} bytes`);
    }
    if (error instanceof BodyDecodeError) {
      return new FetchError('network', url.href, `${hop}: ${error.message}`, { cause: error });
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new FetchError('timeout', url.href, `${hop}: the connection was not established in time`, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new FetchError(
      'network',
      url.href,
      `${hop} could not be fetched: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`,
      { cause: error },
    );
  }
}

/**
 * undici honours an abort only once a request has a connection: while the connection
 * is still being made (a DNS lookup that hangs, a SYN nobody answers) the request waits
 * for the connect timeout, and that timer does not keep the process alive. So the
 * deadline is raced here; the abandoned request is aborted by undici when it connects.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeHop(url: URL, first: URL): string {
  return url.href === first.href ? url.href : `${url.href} (redirected from ${first.href})`;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const copy = { ...headers };
  for (const name of CREDENTIAL_HEADERS) delete copy[name];
  return copy;
}
