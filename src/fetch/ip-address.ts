import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpBytes {
  family: 4 | 6;
  bytes: Uint8Array;
}

/**
 * Parses a textual IP address into bytes; `[…]` brackets and an IPv6 %zone are
 * dropped. Returns null for anything that is not an IP literal. Only dotted quads
 * count as IPv4: the WHATWG URL parser has already turned `0x7f.1` or `2130706433`
 * into `127.0.0.1` by the time a hostname reaches us.
 */
export function parseIp(text: string): IpBytes | null {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(address)) return { family: 4, bytes: Uint8Array.from(address.split('.').map(Number)) };
  const withoutZone = address.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return null;
  return { family: 6, bytes: parseIpv6(withoutZone) };
}

function parseIpv6(address: string): Uint8Array {
  // A trailing dotted quad ("::ffff:10.0.0.1") is the last two groups written in decimal.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [hexGroup(Number(a), Number(b)), hexGroup(Number(c), Number(d))].join(':'),
  );
  const [head = '', tail] = text.split('::');
  const groups = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}

function hexGroup(high: number, low: number): string {
  return ((high << 8) | low).toString(16);
}

export function formatIpv4(bytes: Uint8Array): string {
  return Array.from(bytes).join('.');
}
