import { describe, expect, it } from 'vitest';
import { cosine, decodeVector, encodeVector } from '../../src/analysis/vector-codec.js';

describe('vector codec', () => {
  it('round-trips float32 values exactly', () => {
    const v = new Float32Array([0, 1, -1, 0.1, -0.33333334, 3.4e38, 1e-45, Number.NaN]);
    const decoded = decodeVector(encodeVector(v));
    expect(decoded).toBeInstanceOf(Float32Array);
    expect(Array.from(decoded)).toEqual(Array.from(v));
  });

  it('is compact: base64 of 4 little-endian bytes a dimension', () => {
    expect(encodeVector(new Float32Array(256))).toHaveLength(1368);
    expect(encodeVector(new Float32Array([1]))).toBe(Buffer.from([0x00, 0x00, 0x80, 0x3f]).toString('base64'));
    expect(decodeVector('')).toHaveLength(0);
  });

  it('rejects text that is not an encoded vector', () => {
    expect(() => decodeVector('AAA=')).toThrow(TypeError); // 2 bytes
    expect(() => decodeVector('not base64!')).toThrow(TypeError);
  });
});

describe('cosine', () => {
  it('measures the angle, whatever the lengths', () => {
    expect(cosine(new Float32Array([1, 0]), new Float32Array([2, 0]))).toBeCloseTo(1);
    expect(cosine(new Float32Array([1, 0]), new Float32Array([0, 3]))).toBeCloseTo(0);
    expect(cosine(new Float32Array([1, 1]), new Float32Array([-1, -1]))).toBeCloseTo(-1);
    expect(cosine(new Float32Array([0, 0]), new Float32Array([1, 1]))).toBe(0);
    expect(() => cosine(new Float32Array(2), new Float32Array(3))).toThrow(RangeError);
  });
});
