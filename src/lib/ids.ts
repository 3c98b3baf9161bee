import { randomBytes } from 'node:crypto';
import { base62Encode } from './base62.js';

/**
 * Resource ids carry their type (`ten_…`, `key_…`, `src_…`) so a misplaced id is
 * obvious in logs and errors. 16 random bytes: collisions are not a concern.
 */
export function newId(prefix: string): string {
  return `${prefix}_${base62Encode(randomBytes(16), 22)}`;
}
