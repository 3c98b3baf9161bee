/**
 * Turns texts into fixed-size, L2-normalised vectors whose cosine says how alike two texts are.
 * Vectors are stored with `id`, so vectors of different embedders (or dimensions) are never
 * compared: a change of embedder shows as a change of id, and stored vectors are re-embedded.
 */
export interface Embedder {
  /** e.g. 'hashed-tfidf-v1:256' or 'onnx:multilingual-e5-small:384'. */
  readonly id: string;
  readonly dimensions: number;
  /** One vector per text, in order; each of length `dimensions` and unit length (or all zero for an empty text). */
  embed(texts: string[]): Promise<Float32Array[]>;
}
