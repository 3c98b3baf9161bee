import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { base62Encode, base62FromBigInt } from '../lib/base62.js';
import { sha256Hex } from '../lib/secret-hash.js';

/**
 * API keys: `cfk_` + 32 random bytes in base62 (43 chars) + a 6-char base62
 * CRC32 of everything before it. The prefix makes leaked keys findable by
 * secret scanners; the checksum lets us refuse typos and random guesses
 * without touching the database. Only the SHA-256 of a key is stored: the key
 * has 256 bits of entropy, so a fast hash is enough (no brute force possible).
 */
export const API_KEY_PREFIX = 'cfk_';
const SECRET_CHARS = 43;
const CHECKSUM_CHARS = 6;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_CHARS}}[0-9A-Za-z]{${CHECKSUM_CHARS}}$`);

function checksum(body: string): string {
  return base62FromBigInt(BigInt(crc32(body)), CHECKSUM_CHARS);
}

export function generateApiKey(): string {
  const body = API_KEY_PREFIX + base62Encode(randomBytes(32), SECRET_CHARS);
  return body + checksum(body);
}

/** True when the text has the key's shape and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (!KEY_PATTERN.test(text)) return false;
  const body = text.slice(0, -CHECKSUM_CHARS);
  return checksum(body) === text.slice(-CHECKSUM_CHARS);
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** The last four characters, stored so a console can tell keys apart. */
export function apiKeyHint(key: string): string {
  return key.slice(-4);
}
