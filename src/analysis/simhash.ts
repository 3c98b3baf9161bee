import { fmix32, fnvStart, fnvStep, hash32 } from './hash.js';

/**
 * 64-bit SimHash (Charikar) for near-duplicate articles: the same story reached through two
 * sources or re-published with a new title, a changed sentence or an appended footer.
 *
 * Features are shingles of the normalised text (NFKC, lower case, whitespace, punctuation and
 * symbols skipped): 4-character shingles where CJK characters dominate, since Japanese has no
 * spaces, and 3-word shingles otherwise. Each shingle's 64-bit hash is two independent 32-bit
 * hashes (hash.ts, seeds 0 and 1); a fingerprint bit is set when more than half the shingles set
 * it. Stable across runs and platforms: fingerprints are stored.
 */

/**
 * Fingerprints at most this far apart are near-duplicate candidates. Measured on 500 livedoor
 * articles (docs/analysis.md), at 10 bits: a new title stays within it in 100 % of cases, an
 * appended footer in 99.6 %, one rewritten sentence in 92 %, all three at once in 86 %; the most
 * similar different article of the same source is within 10 bits for 1.2 % of articles, nearly
 * all press-release templates that share most of their text (one phone's software-update notice
 * vs another's). At 6 bits those false candidates fall to 0.6 %, but one rewritten sentence is
 * caught in only 69 %. SimHash cannot tell these apart (templates really are near-identical
 * text), so the caller confirms a candidate on the texts themselves.
 */
export const NEAR_DUPLICATE_DISTANCE = 10;

const CHAR_SHINGLE = 4;
const WORD_SHINGLE = 3;
const WORD_SEPARATORS = /[\s\p{P}\p{S}]+/u;

/**
 * Texts shorter than this have too few shingles for a stable fingerprint: one rewritten sentence
 * moved livedoor texts under 400 characters by 12 bits at the median (5 for all lengths).
 * Callers should not match near-duplicates on them (use the canonical URL alone).
 */
export const MIN_NEAR_DUPLICATE_CHARS = 300;

/**
 * Votes of one text: for each of the 64 bits, how many shingles set it. Counted bit-sliced:
 * `planes[k]` holds bit k of all 32 counters of one half, so adding a hash is a ripple-carry
 * through ~2 planes on average instead of 32 separate increments.
 */
class BitVotes {
  static readonly PLANES = 31; // counters up to 2^31 - 1 shingles
  readonly lo = new Int32Array(BitVotes.PLANES);
  readonly hi = new Int32Array(BitVotes.PLANES);
  total = 0;

  add(lo: number, hi: number): void {
    BitVotes.increment(this.lo, lo);
    BitVotes.increment(this.hi, hi);
    this.total++;
  }

  private static increment(planes: Int32Array, bits: number): void {
    let carry = bits | 0;
    for (let k = 0; carry !== 0 && k < planes.length; k++) {
      const plane = planes[k] as number;
      planes[k] = plane ^ carry;
      carry &= plane;
    }
  }

  private static count(planes: Int32Array, bit: number): number {
    let n = 0;
    for (let k = 0; k < planes.length; k++) n += (((planes[k] as number) >>> bit) & 1) << k;
    return n;
  }

  /** Bit i is set when more than half the shingles set it. */
  fingerprint(): bigint {
    let lo = 0;
    let hi = 0;
    for (let bit = 0; bit < 32; bit++) {
      if (BitVotes.count(this.lo, bit) * 2 > this.total) lo |= 1 << bit;
      if (BitVotes.count(this.hi, bit) * 2 > this.total) hi |= 1 << bit;
    }
    return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
  }
}

/** Decided on the first 1,000 code units: a CJK character weighs as 3 others. */
function isMostlyCjk(text: string): boolean {
  let cjk = 0;
  let other = 0;
  const end = Math.min(text.length, 1000);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isSeparator(c)) continue;
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xd840 && c <= 0xd87f)) cjk++;
    else other++;
  }
  return cjk * 3 >= other;
}

/**
 * Whitespace, punctuation and symbols, by code unit (a regex replace cost ~50 µs per article):
 * ASCII and Latin-1 punctuation, general punctuation, arrows to dingbats (★ ※ → ■), CJK
 * punctuation (、。「」【】〜, but not 々 〆 〇) and the katakana middle dot.
 */
function isSeparator(c: number): boolean {
  if (c < 0x80) return c <= 0x2f || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || c >= 0x7b;
  if (c <= 0xbf) return true;
  return (
    (c >= 0x2000 && c <= 0x206f) ||
    (c >= 0x2190 && c <= 0x2bff) ||
    (c >= 0x3000 && c <= 0x303f && (c < 0x3005 || c > 0x3007)) ||
    c === 0x30fb
  );
}

/** 4-code-unit shingles of the text with separators skipped, hashed on the fly (no strings). */
function charShingleVotes(text: string, votes: BitVotes): void {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isSeparator(unit)) continue;
    a = b;
    b = c;
    c = d;
    d = unit;
    if (++seen >= CHAR_SHINGLE) votes.add(hashShingle(a, b, c, d, 0), hashShingle(a, b, c, d, 1));
  }
  if (seen > 0 && seen < CHAR_SHINGLE) votes.add(hashShingle(a, b, c, d, 0), hashShingle(a, b, c, d, 1));
}

function hashShingle(a: number, b: number, c: number, d: number, seed: number): number {
  return fmix32(fnvStep(fnvStep(fnvStep(fnvStep(fnvStart(seed), a), b), c), d));
}

function wordShingleVotes(text: string, votes: BitVotes): void {
  const tokens = text.split(WORD_SEPARATORS).filter((t) => t !== '');
  const last = Math.max(tokens.length - WORD_SHINGLE, 0);
  for (let i = 0; i <= last && tokens.length > 0; i++) {
    const shingle = tokens.slice(i, i + WORD_SHINGLE).join(' ');
    votes.add(hash32(shingle, 0), hash32(shingle, 1));
  }
}

export function simhash(text: string): bigint {
  const votes = new BitVotes();
  const normalised = text.normalize('NFKC').toLowerCase();
  if (isMostlyCjk(normalised)) charShingleVotes(normalised, votes);
  else wordShingleVotes(normalised, votes);
  return votes.fingerprint();
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x !== 0n) {
    x &= x - 1n;
    count++;
  }
  return count;
}

export function toHex(h: bigint): string {
  return BigInt.asUintN(64, h).toString(16).padStart(16, '0');
}

export function fromHex(s: string): bigint {
  if (!/^[0-9a-f]{16}$/i.test(s)) throw new TypeError(`not a 16-digit hex simhash: ${JSON.stringify(s)}`);
  return BigInt(`0x${s}`);
}
