const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = BigInt(ALPHABET.length);

/** Base62 of an unsigned big-endian byte string, left-padded with '0' to `width`. */
export function base62Encode(bytes: Uint8Array, width = 0): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return base62FromBigInt(n, width);
}

export function base62FromBigInt(value: bigint, width = 0): string {
  let n = value;
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % BASE)] + out;
    n /= BASE;
  }
  return out.padStart(width, '0');
}
