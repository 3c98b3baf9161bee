/**
 * Language of an article as an ISO 639-1 code, or null when the text is too short or eld is
 * not sure.
 *
 * eld's medium database: loaded once, by `loadLanguageDetector` (~0.55 s, ~70 MB of heap on
 * this machine; small ~55 MB, large ~155 MB and 1.3 s). On sentences its accuracy is within
 * 0.1–0.3 points of large (eld's own benchmark), and articles are longer than sentences.
 *
 * Detection reads the first 600 characters (~80 µs; the whole of a 2,000-character article
 * costs ~150 µs and says the same on livedoor articles).
 */

type Eld = (typeof import('eld/medium'))['eld'];
let eld: Eld | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads eld's database. Called at the first analysis, not when the process
 * starts: a node that analyses nothing (an API node) never pays for it, and
 * one that does starts serving first (issue 15: boot).
 */
export function loadLanguageDetector(): Promise<void> {
  loading ??= import('eld/medium').then((m) => {
    eld = m.eld;
  });
  return loading;
}

const SAMPLE_CHARS = 600;
/** Below this weight (a CJK character counts 3, any other letter 1) a guess is noise: eld calls
 * "Hello world" Norwegian, reliably. */
const MIN_WEIGHT = 12;

const LETTER = /\p{L}/u;

interface ScriptCounts {
  kana: number;
  /** Kana, kanji and hangul. */
  cjk: number;
  /** Letters of every other script. */
  otherLetters: number;
}

function countScripts(sample: string): ScriptCounts {
  const counts: ScriptCounts = { kana: 0, cjk: 0, otherLetters: 0 };
  for (const ch of sample) {
    const c = ch.codePointAt(0) as number;
    if (c >= 0x3041 && c <= 0x30ff && c !== 0x30fb && c !== 0x30fc) {
      counts.kana++; // hiragana and katakana, not the middle dot or the prolonged sound mark
      counts.cjk++;
    } else if ((c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0x20000 && c <= 0x3ffff)) {
      counts.cjk++;
    } else if (c < 0x80 ? (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a : LETTER.test(ch)) {
      counts.otherLetters++;
    }
  }
  return counts;
}

export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, SAMPLE_CHARS);
  const { kana, cjk, otherLetters } = countScripts(sample);
  if (cjk * 3 + otherLetters < MIN_WEIGHT) return null;

  // Kana is written only in Japanese. eld scores mixed text (iPhone 15 ProのレビューをAppleが…)
  // by n-grams and can tip to English or, for kanji-heavy headlines, to Chinese; a text whose
  // Japanese part carries at least as much as its Latin part (3 letters per CJK character) is
  // Japanese.
  if (kana >= 2 && cjk * 3 >= otherLetters) return 'ja';

  if (!eld) throw new Error('detectLanguage needs loadLanguageDetector() to have resolved');
  const result = eld.detect(sample);
  if (result.language === '' || !result.isReliable()) return null;
  return result.language;
}
