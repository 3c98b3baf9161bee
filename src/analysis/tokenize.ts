import { STOP_WORDS } from './stop-words.js';

/**
 * Words and CJK character n-grams of a text, the terms every other analysis step counts.
 *
 * Text is NFKC-normalised (full-width ＡＢＣ１２３ and half-width ｶﾀｶﾅ become one form) and
 * lower-cased. `words` keeps what `Intl.Segmenter` calls word-like and drops:
 * - stop words (stop-words.ts) and hiragana-only tokens of up to 3 characters — particles and
 *   auxiliaries (の, した, という); a few content words such as すごい go with them;
 * - pure numbers (2012, 3.5) and single characters of any script, including one kanji:
 *   年, 月, 日, 人, 中 are the most frequent single-kanji tokens and never make a keyword,
 *   while the rarer meaningful ones (党, 駅) survive inside the character bigrams the embedder
 *   adds (charNgrams).
 */

/**
 * Runs of kanji and katakana: hiragana ends a run. Hiragana is mostly grammar (の, して, という),
 * and n-grams across it were noise: on 3,000 livedoor articles (before rare-term damping),
 * words + bigrams + trigrams over all kana runs gave 600k distinct terms and a 39 % top-5
 * same-category rate at 256 dimensions; over kanji/katakana runs, 168k terms and 52 %.
 * Hiragana words still count, through `words`.
 */
const CJK_RUN = /[\p{Script=Han}\p{Script=Katakana}ー々〆ヶ]+/gu;

export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** `language` is accepted for callers that know it; segmentation does not need it (see below). */
export function words(text: string, _language?: string | null): string[] {
  const out: string[] = [];
  // Per line: a newline is always a word boundary, and lines are what repeats: analyseArticle
  // segments `${title}\n${text}` for the embedding terms, then title and text apart for the
  // keywords, and an embed of a cut text still finds all but its last line.
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    for (const w of lineWords(line)) out.push(w);
  }
  return out;
}

/** Whether a word-like segment (already NFKC and lower case) is worth counting. By code unit,
 * not regex: this runs for every segment, ~600 per 2,000 characters. */
export function isContentWord(w: string): boolean {
  const n = w.length;
  if (n < 2 || (n === 2 && w.charCodeAt(0) >= 0xd800 && w.charCodeAt(0) <= 0xdbff)) return false; // one character
  let numberLike = true;
  let hiraganaOnly = true;
  for (let i = 0; i < n; i++) {
    const c = w.charCodeAt(i);
    // NFKC has already turned full-width and circled digits into ASCII ones.
    if (!((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2c || c === 0x3a || c === 0x2f || c === 0x2b || c === 0x2d)) numberLike = false;
    if (!((c >= 0x3041 && c <= 0x309f) || c === 0x30fc)) hiraganaOnly = false;
  }
  if (numberLike) return false;
  if (hiraganaOnly && n <= 3) return false;
  return !STOP_WORDS.has(w);
}

/** Character n-grams of each run of kanji and katakana; a run shorter than n yields none. */
export function charNgrams(text: string, n: number): string[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  const out: string[] = [];
  for (const match of normaliseText(text).matchAll(CJK_RUN)) {
    const run = match[0];
    // CJK characters are all in the BMP except rare Extension-B kanji; index by code point
    // only when a surrogate is present (the common path stays a plain slice).
    const chars = /[\uD800-\uDFFF]/.test(run) ? [...run] : null;
    const length = chars ? chars.length : run.length;
    for (let i = 0; i + n <= length; i++) {
      out.push(chars ? chars.slice(i, i + n).join('') : run.slice(i, i + n));
    }
  }
  return out;
}

// --- Segmenter and memo ----------------------------------------------------------------------

/**
 * One segmenter for every language: ICU's word rules do not depend on the locale for the texts
 * we handle (ja, en, zh, fr, de and th segmenters gave identical output on 300 livedoor articles
 * plus English and French samples), and one instance means one memo.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Segmentation is the expensive step: ~1.1–1.4 ms per 2,000 Japanese characters here (about
 * 1 µs a segment, inside ICU), half of analyseArticle. The words of the last 4,096 lines are kept
 * (≈ 200 articles of 20 paragraphs, a few MB), the oldest dropped first.
 */
const MEMO_LINES = 4096;
const MEMO_MIN_LENGTH = 16; // shorter lines segment faster than the map lookup pays back
const memo = new Map<string, readonly string[]>();

function lineWords(line: string): readonly string[] {
  const cacheable = line.length >= MEMO_MIN_LENGTH;
  if (cacheable) {
    const hit = memo.get(line);
    if (hit) return hit;
  }
  const out: string[] = [];
  for (const s of segmenter.segment(normaliseText(line))) {
    if (s.isWordLike && isContentWord(s.segment)) out.push(s.segment);
  }
  if (cacheable) {
    if (memo.size >= MEMO_LINES) memo.delete(memo.keys().next().value as string);
    memo.set(line, out);
  }
  return out;
}
