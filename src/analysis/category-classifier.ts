import { CATEGORIES, type Category } from './categories.js';
import { hash32 } from './hash.js';

/** Feature buckets: terms are hashed, so memory is fixed (2^16 × 15 categories × 4 bytes ≈ 3.9 MB) whatever the vocabulary. */
const BUCKETS = 1 << 16;
/** Below this posterior the article is `other`: a guess that is wrong one time in two filters worse than no guess. */
export const CATEGORY_CONFIDENCE = 0.6;
/** Labelled articles needed (in at least two categories) before the classifier says anything. */
export const MIN_TRAINING_ARTICLES = 20;
/** Laplace smoothing. */
const ALPHA = 0.1;

/** What a classifier has learned, as plain arrays: it crosses threads (category-thread.ts) and adds up. */
export interface ClassifierCounts {
  counts: Float32Array;
  termTotals: Float64Array;
  documents: Float64Array;
  total: number;
}

export interface CategoryGuess {
  category: Category;
  /** The posterior probability of `category` (0 when the classifier had no data). */
  confidence: number;
}

/**
 * Multinomial naive Bayes over an article's analysed terms (title words and
 * keywords), trained from the articles whose category a feed or a source
 * gave: the categories the service already knows teach it the rest
 * (docs/analysis.md). Counts only grow, so learning one article is O(terms)
 * and the model is always current.
 */
export class CategoryClassifier {
  private readonly counts = new Float32Array(BUCKETS * CATEGORIES.length);
  private readonly termTotals = new Float64Array(CATEGORIES.length);
  private readonly documents = new Float64Array(CATEGORIES.length);
  private total = 0;

  /** Labelled articles learned so far. */
  get size(): number {
    return this.total;
  }

  learn(terms: readonly string[], category: Category): void {
    const c = CATEGORIES.indexOf(category);
    if (c < 0 || category === 'other' || terms.length === 0) return;
    this.documents[c]! += 1;
    this.total += 1;
    for (const term of terms) {
      this.counts[bucket(term) * CATEGORIES.length + c]! += 1;
      this.termTotals[c]! += 1;
    }
  }

  /** A copy of what it has learned. */
  learned(): ClassifierCounts {
    return { counts: this.counts.slice(), termTotals: this.termTotals.slice(), documents: this.documents.slice(), total: this.total };
  }

  /** Adds what another classifier learned (naive Bayes counts add up): as if this one had learned those articles too. */
  absorb(other: ClassifierCounts): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i]! += other.counts[i]!;
    for (let c = 0; c < this.documents.length; c++) {
      this.termTotals[c]! += other.termTotals[c]!;
      this.documents[c]! += other.documents[c]!;
    }
    this.total += other.total;
  }

  /** Ready when it has enough labelled articles in at least two categories. */
  get ready(): boolean {
    return this.total >= MIN_TRAINING_ARTICLES && this.documents.filter((d) => d > 0).length >= 2;
  }

  /**
   * The most probable category and its posterior; `other` when that posterior
   * is under CATEGORY_CONFIDENCE or the classifier is not ready.
   */
  classify(terms: readonly string[]): CategoryGuess {
    if (!this.ready || terms.length === 0) return { category: 'other', confidence: 0 };
    const k = CATEGORIES.length;
    const logPosterior = new Float64Array(k).fill(-Infinity);
    const buckets = terms.map(bucket);
    for (let c = 0; c < k; c++) {
      if (this.documents[c] === 0) continue;
      let score = Math.log(this.documents[c]! / this.total);
      const denominator = Math.log(this.termTotals[c]! + ALPHA * BUCKETS);
      for (const b of buckets) score += Math.log(this.counts[b * k + c]! + ALPHA) - denominator;
      logPosterior[c] = score;
    }
    let best = 0;
    for (let c = 1; c < k; c++) if (logPosterior[c]! > logPosterior[best]!) best = c;
    let sum = 0;
    for (let c = 0; c < k; c++) sum += Math.exp(logPosterior[c]! - logPosterior[best]!);
    const confidence = 1 / sum;
    return confidence >= CATEGORY_CONFIDENCE ? { category: CATEGORIES[best]!, confidence } : { category: 'other', confidence };
  }
}

function bucket(term: string): number {
  return hash32(term, 0x63617467) & (BUCKETS - 1);
}
