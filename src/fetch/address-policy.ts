import { formatIpv4, parseIp, type IpBytes } from './ip-address.js';

/**
 * Which addresses an outbound fetch may reach. A crawler that follows URLs from feeds
 * must not become a way into the machine or its network (SSRF): loopback, private
 * and link-local ranges — 169.254.169.254 is the cloud metadata service — and every
 * other range of the IANA special-purpose registries are refused. IPv6 forms that
 * carry an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address.
 */

interface Range {
  bytes: Uint8Array;
  bits: number;
  label: string;
}

function range(cidr: string, label: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const parsed = parseIp(address);
  if (!parsed) throw new Error(`bad range ${cidr}`);
  return { bytes: parsed.bytes, bits: Number(bits), label };
}

// IANA IPv4 Special-Purpose Address Registry, minus the globally reachable anycast
// blocks (192.31.196.0/24 AS112, 192.52.193.0/24 AMT).
const IPV4_RANGES: Range[] = [
  range('0.0.0.0/8', 'a "this network" address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address (cloud metadata lives here)'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'an IETF protocol address'),
  range('192.0.2.0/24', 'a documentation address'),
  range('192.88.99.0/24', 'a reserved relay address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('198.51.100.0/24', 'a documentation address'),
  range('203.0.113.0/24', 'a documentation address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('255.255.255.255/32', 'the broadcast address'),
  range('240.0.0.0/4', 'a reserved address'),
];

// Only 2000::/3 is global unicast; inside it, the special-purpose blocks below are not.
const IPV6_RANGES: Range[] = [
  range('::/128', 'the unspecified address'),
  range('::1/128', 'a loopback address'),
  range('fc00::/7', 'a unique local (private) address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a site-local address'),
  range('ff00::/8', 'a multicast address'),
  range('64:ff9b:1::/48', 'a local-use NAT64 address'),
  range('100::/64', 'a discard-only address'),
  range('2001::/32', 'a Teredo tunnel address'),
  range('2001:2::/48', 'a benchmarking address'),
  range('2001:10::/28', 'an ORCHID address'),
  range('2001:20::/28', 'an ORCHID address'),
  range('2001:db8::/32', 'a documentation address'),
  range('3fff::/20', 'a documentation address'),
];
const GLOBAL_UNICAST = range('2000::/3', '');
const IPV4_MAPPED = range('::ffff:0:0/96', '');
const NAT64 = range('64:ff9b::/96', '');
const SIX_TO_FOUR = range('2002::/16', '');

function inRange(ip: Uint8Array, r: Range): boolean {
  if (ip.length !== r.bytes.length) return false;
  const whole = r.bits >> 3;
  for (let i = 0; i < whole; i++) if (ip[i] !== r.bytes[i]) return false;
  const rest = r.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((ip[whole] ?? 0) & mask) === ((r.bytes[whole] ?? 0) & mask);
}

function classifyIpv4(bytes: Uint8Array): string | null {
  return IPV4_RANGES.find((r) => inRange(bytes, r))?.label ?? null;
}

function classify(ip: IpBytes): string | null {
  if (ip.family === 4) return classifyIpv4(ip.bytes);
  const embedded =
    inRange(ip.bytes, IPV4_MAPPED) || inRange(ip.bytes, NAT64)
      ? ip.bytes.subarray(12, 16)
      : inRange(ip.bytes, SIX_TO_FOUR)
        ? ip.bytes.subarray(2, 6)
        : null;
  if (embedded) {
    const label = classifyIpv4(embedded);
    return label === null ? null : `${label} (${formatIpv4(embedded)} inside an IPv6 address)`;
  }
  const special = IPV6_RANGES.find((r) => inRange(ip.bytes, r));
  if (special) return special.label;
  return inRange(ip.bytes, GLOBAL_UNICAST) ? null : 'a reserved IPv6 address';
}

/**
 * Why an address may not be fetched, as words for an error message ("a loopback
 * address"), or null when it is a public address.
 */
export function describeNonPublicAddress(ip: string): string | null {
  const parsed = parseIp(ip);
  return parsed ? classify(parsed) : 'not an IP address';
}

export function isPublicAddress(ip: string): boolean {
  return describeNonPublicAddress(ip) === null;
}
