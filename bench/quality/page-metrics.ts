import { cosine } from '../../src/analysis/vector-codec.js';

/** 1 − mean pairwise cosine of a page's item vectors: 0 all alike, ≈ 1 unrelated topics. */
export function intraListDiversity(vectors: Float32Array[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      sum += cosine(vectors[i]!, vectors[j]!);
      pairs += 1;
    }
  }
  return pairs === 0 ? NaN : 1 - sum / pairs;
}

/** The largest number of items one key (source, category) holds in a page. */
export function largestGroup<T>(items: T[], key: (item: T) => string | null): number {
  const counts = new Map<string | null, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

export const mean = (values: number[]): number => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
