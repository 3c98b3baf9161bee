/**
 * 32-bit string hashes for feature hashing and SimHash: FNV-1a over UTF-16 code units, then
 * murmur3's finaliser so that every output bit depends on every input bit (plain FNV-1a's low
 * bits, which pick the bucket, mix poorly for short strings). Stable across runs and platforms:
 * stored simhashes and vectors depend on it, so never change it without changing the
 * embedder id.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function hash32(text: string, seed = 0): number {
  let h = fnvStart(seed);
  for (let i = 0; i < text.length; i++) h = fnvStep(h, text.charCodeAt(i));
  return fmix32(h);
}

/** The pieces of hash32, for callers that hash code units without making a string. */
export function fnvStart(seed: number): number {
  return (FNV_OFFSET ^ seed) >>> 0;
}

export function fnvStep(h: number, codeUnit: number): number {
  return Math.imul(h ^ codeUnit, FNV_PRIME);
}

export function fmix32(input: number): number {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
