/**
 * How many documents contain each term, learned from the corpus one article at a time, and the
 * inverse document frequency that keywords and the embedder weight terms with.
 *
 * Memory is bounded: past `maxTerms` × 1.25 distinct terms the table is cut back to the
 * `maxTerms` terms of highest df. What goes is the long tail of df-1 and df-2 terms (typos,
 * numbers, names seen once); a cut term counts as unseen again, so its idf rises by log 2 or
 * log 3 (0.7–1.1) and it stays what it was, a rare term (idf ≈ ln N + 1 ≈ 11 at 20k articles).
 * On livedoor the table held 125k terms after 7,367 articles, ~17 new ones an article by then,
 * so the default 200k is reached after some 15–20k articles; a cut of 250k → 200k takes ~20 ms
 * (a histogram of df values, no sort). Serialised, 200k terms are ~3 MB of JSON (~120 ms to
 * write, ~160 ms to read back).
 */

export const DEFAULT_MAX_TERMS = 200_000;
const PRUNE_SLACK = 1.25;

interface SerialisedDocumentFrequencies {
  version: 1;
  documents: number;
  maxTerms: number;
  /** [term, df], highest df first (ties by term), so equal tables serialise equally. */
  terms: [string, number][];
}

export class DocumentFrequencies {
  readonly maxTerms: number;
  #documents = 0;
  readonly #df = new Map<string, number>();

  constructor(options: { maxTerms?: number } = {}) {
    const maxTerms = options.maxTerms ?? DEFAULT_MAX_TERMS;
    if (!Number.isInteger(maxTerms) || maxTerms < 1) throw new RangeError(`maxTerms must be a positive integer, got ${maxTerms}`);
    this.maxTerms = maxTerms;
  }

  get documents(): number {
    return this.#documents;
  }

  /** Distinct terms currently counted. */
  get size(): number {
    return this.#df.size;
  }

  /** Counts one document; repeated terms in `terms` count once. */
  add(terms: Iterable<string>): void {
    this.#documents++;
    for (const term of new Set(terms)) this.#df.set(term, (this.#df.get(term) ?? 0) + 1);
    if (this.#df.size > this.maxTerms * PRUNE_SLACK) this.#pruneTo(this.maxTerms);
  }

  df(term: string): number {
    return this.#df.get(term) ?? 0;
  }

  /** Smoothed idf, log((1 + N) / (1 + df)) + 1: always ≥ 1, highest for unseen terms. */
  idf(term: string): number {
    return Math.log((1 + this.#documents) / (1 + (this.#df.get(term) ?? 0))) + 1;
  }

  toJSON(): SerialisedDocumentFrequencies {
    return { version: 1, documents: this.#documents, maxTerms: this.maxTerms, terms: this.#sortedEntries() };
  }

  static fromJSON(value: unknown): DocumentFrequencies {
    const v = value as Partial<SerialisedDocumentFrequencies> | null;
    if (
      typeof v !== 'object' ||
      v === null ||
      v.version !== 1 ||
      !Number.isInteger(v.documents) ||
      !Number.isInteger(v.maxTerms) ||
      !Array.isArray(v.terms)
    ) {
      throw new TypeError('not a serialised DocumentFrequencies (version 1)');
    }
    const table = new DocumentFrequencies({ maxTerms: v.maxTerms });
    table.#documents = v.documents as number;
    for (const entry of v.terms) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1]) || entry[1] < 1) {
        throw new TypeError('serialised DocumentFrequencies has a malformed term entry');
      }
      table.#df.set(entry[0], entry[1]);
    }
    if (table.#df.size > table.maxTerms) table.#pruneTo(table.maxTerms);
    return table;
  }

  /** Keeps the `keep` terms of highest df; among equal df at the cut, the earliest added. */
  #pruneTo(keep: number): void {
    const histogram = new Map<number, number>();
    for (const df of this.#df.values()) histogram.set(df, (histogram.get(df) ?? 0) + 1);
    const dfs = [...histogram.keys()].sort((a, b) => b - a);
    let kept = 0;
    let cut = 0; // terms with df > cut are all kept
    let roomAtCut = 0; // how many terms with df === cut still fit
    for (const df of dfs) {
      const n = histogram.get(df) ?? 0;
      if (kept + n > keep) {
        cut = df;
        roomAtCut = keep - kept;
        break;
      }
      kept += n;
    }
    if (cut === 0) return;
    for (const [term, df] of this.#df) {
      if (df > cut) continue;
      if (df === cut && roomAtCut > 0) {
        roomAtCut--;
        continue;
      }
      this.#df.delete(term);
    }
  }

  #sortedEntries(): [string, number][] {
    return [...this.#df].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}
