import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Constant-time equality of two secrets, compared through their SHA-256 digests. */
export function secretsEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

/**
 * HMAC-SHA256 (hex) under a key derived from SECRET_KEY for one purpose. For
 * values that must be matched later but never read back, and that could be
 * guessed from an unkeyed hash (an email, an address, a password typed into
 * the wrong field): without the key, a copy of the database cannot test guesses.
 */
export function keyedHasher(secretKey: string, purpose: string): (text: string) => string {
  const key = createHmac('sha256', secretKey).update(`content-feed:${purpose}`).digest();
  return (text) => createHmac('sha256', key).update(text).digest('hex');
}
