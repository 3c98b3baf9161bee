import { embeddingTermCounts } from './embedding-terms.js';
import { truncatedSvd, type SparseRows } from './randomized-svd.js';

/**
 * Item vectors learned from the corpus: latent semantic analysis (Deerwester et
 * al. 1990), a truncated SVD of the TF-IDF term × document matrix. Two terms
 * that occur in the same contexts load on the same latent dimensions, so two
 * articles that share no word but share what their words co-occur with come
 * out close, which the hashed vectors (word matching) cannot do.
 *
 * A text is folded in as q = Σₖ⁻¹ Uₖᵀ d (d its TF-IDF vector); it is compared
 * as Σₖ q = Uₖᵀ d, L2-normalised, the coordinates LSA compares documents in
 * (rows of VΣ), so every text, trained on or new, is projected the same way.
 */
export interface LatentModel {
  /** Stored version: vectors of two versions are never compared. */
  version: number;
  dimensions: number;
  /** The vocabulary, in the order of `termVectors`' rows. */
  terms: readonly string[];
  /** idf of each term in the training corpus. */
  idf: Float32Array;
  /** Uₖ: terms × dimensions, row-major. */
  termVectors: Float32Array;
  singularValues: Float32Array;
  /** Articles trained on. */
  articles: number;
}

export interface LatentOptions {
  dimensions: number;
  /** Terms kept, the most frequent first (memory: terms × dimensions × 4 bytes). */
  maxTerms: number;
  /** A term must occur in this many training articles: rarer ones carry no co-occurrence to learn from. */
  minDocumentFrequency: number;
  powerIterations: number;
  seed: number;
}

/**
 * 64 dimensions, 20,000 terms: the model is 5 MB of floats; the item vectors
 * 256 bytes each (25 MB for a pool of 100,000). Terms in more than half the
 * articles say nothing of a topic and are dropped too.
 */
export const LATENT_DEFAULTS: LatentOptions = { dimensions: 64, maxTerms: 20_000, minDocumentFrequency: 3, powerIterations: 2, seed: 1 };

/** Trains a model on texts (`${title}\n${text}`), or returns null when they hold too few terms for the dimensions. */
export function trainLatentModel(texts: readonly string[], options: Partial<LatentOptions> = {}): Omit<LatentModel, 'version'> | null {
  const o = { ...LATENT_DEFAULTS, ...options };
  // Terms as integer ids and counts per text: 10,000 articles' term maps would be ~400 MB, these ~20 MB.
  const ids = new Map<string, number>();
  const df: number[] = [];
  const documents = texts.map((text) => {
    const counts = embeddingTermCounts(text);
    const termIds = new Uint32Array(counts.size);
    const tfs = new Uint16Array(counts.size);
    let i = 0;
    for (const [term, tf] of counts) {
      let id = ids.get(term);
      if (id === undefined) ids.set(term, (id = df.push(0) - 1));
      df[id]!++;
      termIds[i] = id;
      tfs[i++] = Math.min(tf, 65_535);
    }
    return { termIds, tfs };
  });
  const n = texts.length;
  const kept = [...ids]
    .filter(([, id]) => df[id]! >= o.minDocumentFrequency && df[id]! <= n / 2)
    .sort((a, b) => df[b[1]]! - df[a[1]]! || (a[0] < b[0] ? -1 : 1))
    .slice(0, o.maxTerms);
  if (kept.length <= o.dimensions || n <= o.dimensions) return null;
  const terms = kept.map(([term]) => term);
  const columnOfId = new Map(kept.map(([, id], c) => [id, c]));
  const idf = Float32Array.from(kept, ([, id]) => Math.log((1 + n) / (1 + df[id]!)) + 1);

  const offsets = new Uint32Array(n + 1);
  const indices: number[] = [];
  const values: number[] = [];
  documents.forEach(({ termIds, tfs }, r) => {
    const counts = new Map<number, number>();
    termIds.forEach((id, i) => {
      const c = columnOfId.get(id);
      if (c !== undefined) counts.set(c, tfs[i]!);
    });
    for (const [c, w] of weighColumns(counts, idf)) {
      indices.push(c);
      values.push(w);
    }
    offsets[r + 1] = indices.length;
  });
  const matrix: SparseRows = {
    rows: n,
    columns: terms.length,
    offsets,
    indices: Uint32Array.from(indices),
    values: Float32Array.from(values),
  };
  const svd = truncatedSvd(matrix, { rank: o.dimensions, powerIterations: o.powerIterations, seed: o.seed });
  return {
    dimensions: svd.rank,
    terms,
    idf,
    termVectors: Float32Array.from(svd.right),
    singularValues: Float32Array.from(svd.singularValues),
    articles: n,
  };
}

/** A text's latent vector (unit length), or null when it holds none of the model's terms. */
export function projectText(model: LatentModel, text: string, language?: string | null, column = columnsOf(model)): Float32Array | null {
  const row = weigh(embeddingTermCounts(text, language), column, model.idf);
  const k = model.dimensions;
  const sums = new Float64Array(k);
  for (const [c, w] of row) {
    const base = c * k;
    for (let j = 0; j < k; j++) sums[j] = sums[j]! + w * model.termVectors[base + j]!;
  }
  let norm = 0;
  for (const x of sums) norm += x * x;
  if (norm < 1e-18) return null;
  const scale = 1 / Math.sqrt(norm);
  return Float32Array.from(sums, (x) => x * scale);
}

const columnCache = new WeakMap<LatentModel, ReadonlyMap<string, number>>();

/** The column of each term (built once per model). */
export function columnsOf(model: LatentModel): ReadonlyMap<string, number> {
  let columns = columnCache.get(model);
  if (!columns) columnCache.set(model, (columns = new Map(model.terms.map((term, i) => [term, i]))));
  return columns;
}

/** A text's TF-IDF entries over the vocabulary. */
function weigh(counts: ReadonlyMap<string, number>, column: ReadonlyMap<string, number>, idf: Float32Array): [number, number][] {
  const byColumn = new Map<number, number>();
  for (const [term, tf] of counts) {
    const c = column.get(term);
    if (c !== undefined) byColumn.set(c, tf);
  }
  return weighColumns(byColumn, idf);
}

/** (1 + ln tf) · idf per column, L2-normalised so long articles do not dominate the SVD. */
function weighColumns(counts: ReadonlyMap<number, number>, idf: Float32Array): [number, number][] {
  const row: [number, number][] = [];
  let norm = 0;
  for (const [c, tf] of counts) {
    const w = (1 + Math.log(tf)) * idf[c]!;
    row.push([c, w]);
    norm += w * w;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (const entry of row) entry[1] = entry[1] * scale;
  return row;
}
