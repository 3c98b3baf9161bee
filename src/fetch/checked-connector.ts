import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import type { buildConnector } from 'undici';
import type * as Undici from 'undici';
import { lazyRequire } from '../lib/lazy-require.js';
import { parseIp } from './ip-address.js';

const undici = lazyRequire<typeof Undici>('undici');

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: Lookup = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A connection refused by the address policy; turned into a FetchError by the fetcher. */
export class AddressRefusedError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} → ${address} refused by the address policy`);
  }
}

/** A name that did not resolve; turned into a FetchError by the fetcher. */
export class NameNotResolvedError extends Error {
  constructor(
    readonly hostname: string,
    options?: { cause?: unknown },
  ) {
    super(`${hostname} did not resolve`, options);
  }
}

/**
 * The undici connector every outbound connection goes through: the one place where
 * addresses are checked. A name is resolved here, every address it resolves to is
 * checked, and the socket connects to those checked addresses (Node's net.connect
 * uses our `lookup`, happy-eyeballs included), so there is no window between the
 * check and the connection for a DNS-rebinding answer. IP literals never reach a
 * lookup, so they are checked before connecting. Keep-alive connections are reused
 * only for the origin they were checked for.
 *
 * `isAllowed` null means no policy (ALLOW_PRIVATE_NETWORK_FETCH=true).
 */
export function checkedConnector(o: {
  lookup: Lookup;
  isAllowed: ((ip: string) => boolean) | null;
  connectTimeoutMs: number;
}): buildConnector.connector {
  const resolveChecked = async (hostname: string): Promise<ResolvedAddress[]> => {
    let addresses: ResolvedAddress[];
    try {
      addresses = await o.lookup(hostname);
    } catch (cause) {
      throw new NameNotResolvedError(hostname, { cause });
    }
    if (addresses.length === 0) throw new NameNotResolvedError(hostname);
    // Every address, not only the first: the socket may fall back to any of them.
    const refused = o.isAllowed && addresses.find((a) => !o.isAllowed?.(a.address));
    if (refused) throw new AddressRefusedError(hostname, refused.address);
    return addresses;
  };

  const lookup: LookupFunction = (hostname, options, callback) => {
    resolveChecked(hostname).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        const first = wanted[0];
        if (!first) callback(new NameNotResolvedError(hostname), '');
        else if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, ''),
    );
  };

  const connect = undici().buildConnector({ lookup, timeout: o.connectTimeoutMs });
  return (options, callback) => {
    const literal = parseIp(options.hostname) ? options.hostname.replace(/^\[|\]$/g, '') : null;
    if (literal !== null && o.isAllowed && !o.isAllowed(literal)) {
      callback(new AddressRefusedError(options.hostname, literal), null);
      return;
    }
    connect(options, callback);
  };
}
