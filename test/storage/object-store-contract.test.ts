import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../src/storage/object-store.js';
import { BUCKET, bytesOf, chunked, failingAfter, readAll, startS3rver, storeFromEnv } from './object-store-fixtures.js';

interface Backend {
  name: string;
  start(): Promise<{ store: ObjectStore; stop: () => Promise<void> }>;
}

/** Every behaviour of the ObjectStore interface, on every backend (STYLE habit 7). */
const backends: Backend[] = [
  {
    name: 'local files',
    async start() {
      const store = storeFromEnv({});
      return { store, stop: () => store.close() };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const s3 = await startS3rver();
      const store = storeFromEnv({ OBJECT_STORE_URL: `s3://${BUCKET}/results`, OBJECT_STORE_ENDPOINT: s3.endpoint });
      return {
        store,
        async stop() {
          await store.close();
          await s3.close();
        },
      };
    },
  },
];

const MiB = 1024 * 1024;
const BAD_KEYS = ['', '/abs/x.jsonl', '../x', 'a/../b', 'a//b', 'a/', 'a\\b', './a', '.incomplete/x', 'a/.meta', 'sp ace', 'ü'];

describe.each(backends)('object store contract: $name', (backend) => {
  let store: ObjectStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await backend.start());
  });
  afterAll(() => stop());

  it('a put from a stream of many chunks reads back byte for byte, with its content type and size', async () => {
    const data = bytesOf(1 * MiB + 123);
    expect(await store.put('push/job_a/1.jsonl', chunked(data), 'application/x-ndjson')).toEqual({ bytes: data.length });
    const object = await store.get('push/job_a/1.jsonl');
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('application/x-ndjson');
    expect(object!.bytes).toBe(data.length);
    expect((await readAll(object!.body)).equals(data)).toBe(true);
  });

  it('an object larger than two multipart parts (8 MiB each) reads back byte for byte', async () => {
    const data = bytesOf(17 * MiB + 5, 3);
    expect(await store.put('push/job_big/1.jsonl', chunked(data), 'application/x-ndjson')).toEqual({ bytes: data.length });
    const object = await store.get('push/job_big/1.jsonl');
    expect(object!.bytes).toBe(data.length);
    expect((await readAll(object!.body)).equals(data)).toBe(true);
  });

  it('an empty object is an object', async () => {
    expect(await store.put('push/job_empty/1.jsonl', chunked(Buffer.alloc(0)), 'application/x-ndjson')).toEqual({ bytes: 0 });
    const object = await store.get('push/job_empty/1.jsonl');
    expect(object!.bytes).toBe(0);
    expect((await readAll(object!.body)).length).toBe(0);
  });

  it('a put replaces the object under the same key', async () => {
    await store.put('push/job_b/1.jsonl', chunked(Buffer.from('first')), 'text/plain');
    await store.put('push/job_b/1.jsonl', chunked(Buffer.from('second')), 'application/x-ndjson');
    const object = await store.get('push/job_b/1.jsonl');
    expect(object!.contentType).toBe('application/x-ndjson');
    expect((await readAll(object!.body)).toString()).toBe('second');
  });

  it('a stream that fails midway rejects and leaves no object', async () => {
    await expect(store.put('push/job_c/1.jsonl', failingAfter(100_000), 'application/x-ndjson')).rejects.toThrow('source failed midway');
    expect(await store.get('push/job_c/1.jsonl')).toBeNull();
  });

  it('a stream that fails after a multipart upload began rejects and leaves no object', async () => {
    await expect(store.put('push/job_d/1.jsonl', failingAfter(9 * MiB), 'application/x-ndjson')).rejects.toThrow('source failed midway');
    expect(await store.get('push/job_d/1.jsonl')).toBeNull();
  });

  it('a failed put over an existing object leaves the old object whole', async () => {
    await store.put('push/job_e/1.jsonl', chunked(Buffer.from('kept')), 'text/plain');
    await expect(store.put('push/job_e/1.jsonl', failingAfter(50_000), 'application/x-ndjson')).rejects.toThrow();
    const object = await store.get('push/job_e/1.jsonl');
    expect((await readAll(object!.body)).toString()).toBe('kept');
    expect(object!.contentType).toBe('text/plain');
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of BAD_KEYS) {
      await expect(store.put(key, chunked(Buffer.from('x')), 'text/plain'), key).rejects.toThrow(RangeError);
      await expect(store.get(key), key).rejects.toThrow(RangeError);
      await expect(store.delete(key), key).rejects.toThrow(RangeError);
      await expect(store.presignGet(key, 3600, Date.now()), key).rejects.toThrow(RangeError);
    }
  });

  it('get of a missing key is null; delete removes an object and is idempotent', async () => {
    expect(await store.get('push/nothing/1.jsonl')).toBeNull();
    await store.put('push/job_f/1.jsonl', chunked(Buffer.from('x')), 'text/plain');
    await store.delete('push/job_f/1.jsonl');
    expect(await store.get('push/job_f/1.jsonl')).toBeNull();
    await store.delete('push/job_f/1.jsonl');
    await store.delete('push/never/1.jsonl');
  });

  it('presigns a SigV4 query URL valid for the time asked, and refuses more than a week', async () => {
    const url = new URL(await store.presignGet('push/job_a/1.jsonl', 3600, Date.UTC(2026, 0, 15, 12, 0, 0)));
    expect(url.pathname.endsWith('/push/job_a/1.jsonl')).toBe(true);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260115T120000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^[^/]+\/20260115\/[^/]+\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    await expect(store.presignGet('push/job_a/1.jsonl', 604_801, Date.now())).rejects.toThrow(RangeError);
    await expect(store.presignGet('push/job_a/1.jsonl', 0, Date.now())).rejects.toThrow(RangeError);
  });
});
