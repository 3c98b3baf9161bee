import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileWat, wasmModuleSource } from '../../scripts/wasm-source.js';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { encodeRow, Int16Scanner, l1Norm, paddedDimensions } from '../../src/ranking/int16-scanner.js';

const ranking = new URL('../../src/ranking/', import.meta.url);

/** Rows as the index stores them: codes padded to the kernel's step, a scale and an L1 norm each. */
function encode(rows: Float32Array[], dim: number) {
  const padded = paddedDimensions(dim);
  const codes = new Int16Array(rows.length * padded);
  const scales = rows.map((v, r) => encodeRow(v, dim, codes, r * padded));
  return { codes, scales, l1s: rows.map(l1Norm) };
}

function exactDot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Vectors of every shape the bound must hold for: dense, one dominant component, tiny, zero, negative. */
function awkwardVectors(dim: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const dense = () => Float32Array.from({ length: dim }, () => random() * 2 - 1);
  const peaky = () => Float32Array.from({ length: dim }, (_, i) => (i === 3 % dim ? 0.9 : (random() - 0.5) * 1e-3));
  const tiny = () => Float32Array.from({ length: dim }, () => (random() - 0.5) * 1e-30);
  const sparse = () => Float32Array.from({ length: dim }, () => (random() < 0.05 ? random() - 0.5 : 0));
  return [dense(), dense(), peaky(), tiny(), sparse(), new Float32Array(dim), dense().map((x) => -Math.abs(x))];
}

describe('Int16Scanner', () => {
  it('runs the kernel compiled from int16-dot.wat, as committed', async () => {
    const bytes = await compileWat(readFileSync(new URL('int16-dot.wat', ranking), 'utf8'));
    expect(readFileSync(new URL('int16-dot-wasm.ts', ranking), 'utf8')).toBe(wasmModuleSource(bytes));
  });

  it.each([8, 20, 256, 768])('bounds every row score within its stated error of the exact dot product (%i dimensions)', (dim) => {
    const rows = awkwardVectors(dim, dim);
    const { codes, scales, l1s } = encode(rows, dim);
    const scanner = new Int16Scanner(dim);
    for (const query of awkwardVectors(dim, dim + 1)) {
      scanner.setQuery(query);
      const products = scanner.products(codes, rows.length);
      rows.forEach((row, r) => {
        const approximate = scanner.approximate(products[r] as number, scales[r] as number);
        const error = scanner.error(scales[r] as number, l1s[r] as number);
        const exact = exactDot(query, row);
        expect(Math.abs(exact - approximate)).toBeLessThanOrEqual(error + 1e-12);
      });
    }
  });

  it('scores lists longer than any before (its memory grows) and keeps the query across lists', () => {
    const dim = 64;
    const random = seededRandom(5);
    const rows = Array.from({ length: 3_000 }, () => Float32Array.from({ length: dim }, () => random() - 0.5));
    const query = Float32Array.from({ length: dim }, () => random() - 0.5);
    const scanner = new Int16Scanner(dim);
    scanner.setQuery(query);
    for (const n of [10, 3_000, 200]) {
      const { codes, scales, l1s } = encode(rows.slice(0, n), dim);
      const products = scanner.products(codes, n);
      for (let r = 0; r < n; r += 97) {
        const gap = Math.abs(exactDot(query, rows[r] as Float32Array) - scanner.approximate(products[r] as number, scales[r] as number));
        expect(gap).toBeLessThanOrEqual(scanner.error(scales[r] as number, l1s[r] as number));
      }
    }
  });
});
