/**
 * Vectors in a text column: base64 of little-endian float32, 4 bytes a dimension
 * (256 dimensions → 1,368 characters), exact to the bit.
 */

export function encodeVector(v: Float32Array): string {
  const bytes = new Uint8Array(v.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i] as number, true);
  return Buffer.from(bytes.buffer).toString('base64');
}

export function decodeVector(s: string): Float32Array {
  const bytes = Buffer.from(s, 'base64');
  if (bytes.length % 4 !== 0 || bytes.toString('base64') !== s) {
    throw new TypeError('not an encoded vector (base64 of float32 values)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Cosine similarity; 0 when either vector is all zeros. Vectors must have equal length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`vectors differ in length: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
