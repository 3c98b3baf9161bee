import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { createObjectStore } from '../../src/storage/create-object-store.js';
import type { ObjectStore } from '../../src/storage/object-store.js';

export const SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789';
export { BUCKET, startS3rver } from '../helpers/s3rver.js';

/** A store built by the factory from environment variables, as `deps.ts` builds it. */
export function storeFromEnv(env: Record<string, string>, publicBaseUrl = 'http://127.0.0.1:8080'): ObjectStore {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-objects-')), ...env }, { readDotEnv: false });
  return createObjectStore(config, SECRET_KEY, () => publicBaseUrl);
}

/** Deterministic pseudo-random bytes (so a failure names the same data twice). */
export function bytesOf(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** `data` as a stream of many chunks of varying size (1 byte to 64 KiB). */
export function chunked(data: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < data.length; i++) {
    const size = Math.min(data.length - at, 1 + ((i * 7919) % 65_536));
    chunks.push(data.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
}

/** A stream that yields `before` bytes, then fails. */
export function failingAfter(before: number): Readable {
  return Readable.from(
    (async function* () {
      yield* chunked(bytesOf(before, 7));
      throw new Error('source failed midway');
    })(),
  );
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
