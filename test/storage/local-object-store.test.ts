import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../src/storage/local-object-store.js';
import { S3ObjectStore } from '../../src/storage/s3-object-store.js';
import { chunked, failingAfter, readAll, storeFromEnv } from './object-store-fixtures.js';

function localStore(): LocalObjectStore {
  const store = storeFromEnv({});
  if (!(store instanceof LocalObjectStore)) throw new Error('expected the local store');
  return store;
}

describe('local object store', () => {
  it('is the default, rooted at DATA_DIR/objects; file:///dir roots it elsewhere; s3:// is the S3 store', () => {
    const store = storeFromEnv({ DATA_DIR: '/tmp/cf-data-x' });
    expect(store).toBeInstanceOf(LocalObjectStore);
    expect((store as LocalObjectStore).root).toBe('/tmp/cf-data-x/objects');
    const elsewhere = storeFromEnv({ OBJECT_STORE_URL: 'file:///tmp/cf-elsewhere' });
    expect((elsewhere as LocalObjectStore).root).toBe('/tmp/cf-elsewhere');
    const s3 = storeFromEnv({ OBJECT_STORE_URL: 's3://bucket/a/b/' });
    expect(s3).toBeInstanceOf(S3ObjectStore);
    expect([s3.kind, (s3 as S3ObjectStore).bucket, (s3 as S3ObjectStore).prefix]).toEqual(['s3', 'bucket', 'a/b/']);
  });

  it('stores a key as a file at its path, and a failed put leaves no temp file behind', async () => {
    const store = localStore();
    await store.put('push/job_a/1.jsonl', chunked(Buffer.from('{"a":1}\n')), 'application/x-ndjson');
    expect(existsSync(path.join(store.root, 'push', 'job_a', '1.jsonl'))).toBe(true);
    await expect(store.put('push/job_a/2.jsonl', failingAfter(200_000), 'application/x-ndjson')).rejects.toThrow();
    expect(readdirSync(path.join(store.root, '.incomplete'))).toEqual([]);
    expect(existsSync(path.join(store.root, 'push', 'job_a', '2.jsonl'))).toBe(false);
  });

  it('delete removes the directories it leaves empty, and only those', async () => {
    const store = localStore();
    await store.put('push/job_a/1.jsonl', chunked(Buffer.from('a')), 'text/plain');
    await store.put('push/job_b/1.jsonl', chunked(Buffer.from('b')), 'text/plain');
    await store.delete('push/job_a/1.jsonl');
    expect(readdirSync(path.join(store.root, 'push'))).toEqual(['job_b']);
    expect(readdirSync(path.join(store.root, '.meta', 'push'))).toEqual(['job_b']);
    await store.put('push/job_a/1.jsonl', chunked(Buffer.from('again')), 'text/plain');
    expect((await readAll((await store.get('push/job_a/1.jsonl'))!.body)).toString()).toBe('again');
  });

  it('a key that names a directory of other keys is not an object', async () => {
    const store = localStore();
    await store.put('push/job_a/1.jsonl', chunked(Buffer.from('a')), 'text/plain');
    expect(await store.get('push/job_a')).toBeNull();
    expect(await store.get('push/job_a/1.jsonl/x')).toBeNull();
  });

  it('sweepIncomplete removes temp files older than the limit and keeps recent ones', async () => {
    const store = localStore();
    expect(await store.sweepIncomplete(60_000, Date.now())).toBe(0);
    const dir = path.join(store.root, '.incomplete');
    mkdirSync(dir, { recursive: true });
    const now = Date.UTC(2026, 0, 15, 12, 0, 0);
    writeFileSync(path.join(dir, 'crashed'), 'half a file');
    utimesSync(path.join(dir, 'crashed'), new Date(now - 3_600_001), new Date(now - 3_600_001));
    writeFileSync(path.join(dir, 'writing'), 'in progress');
    utimesSync(path.join(dir, 'writing'), new Date(now - 1000), new Date(now - 1000));
    expect(await store.sweepIncomplete(3_600_000, now)).toBe(1);
    expect(readdirSync(dir)).toEqual(['writing']);
  });
});
