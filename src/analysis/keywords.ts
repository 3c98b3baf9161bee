import type { DocumentFrequencies } from './document-frequencies.js';
import { words } from './tokenize.js';

/**
 * The `limit` terms that best say what an article is about: TF-IDF over its words, with
 * sublinear tf (1 + ln tf) so a word repeated 20 times does not drown the rest, and a title
 * occurrence counted as TITLE_WEIGHT body occurrences because the title is the author's own
 * summary. Stop words and short kana never appear (tokenize.ts). Ties go to the earlier word,
 * so the result is deterministic.
 */
const TITLE_WEIGHT = 3;

export function extractKeywords(title: string, text: string, df: DocumentFrequencies, limit = 10): string[] {
  return rankKeywords(words(title), words(text), df, limit);
}

/** extractKeywords for words already segmented (analyseArticle segments once). */
export function rankKeywords(titleWords: readonly string[], textWords: readonly string[], df: DocumentFrequencies, limit = 10): string[] {
  if (limit <= 0) return [];
  const tf = new Map<string, number>();
  for (const w of titleWords) tf.set(w, (tf.get(w) ?? 0) + TITLE_WEIGHT);
  for (const w of textWords) tf.set(w, (tf.get(w) ?? 0) + 1);
  const scored = [...tf].map(([term, count], order) => ({ term, order, score: (1 + Math.log(count)) * df.idf(term) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.term);
}
