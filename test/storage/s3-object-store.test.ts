import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../src/storage/object-store.js';
import { BUCKET, bytesOf, chunked, readAll, startS3rver, storeFromEnv } from './object-store-fixtures.js';

const KEY = 'push/job_s3/1.jsonl';

describe('S3 object store (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  const stores: ObjectStore[] = [];
  const store = (url: string) => {
    const created = storeFromEnv({ OBJECT_STORE_URL: url, OBJECT_STORE_ENDPOINT: s3.endpoint });
    stores.push(created);
    return created;
  };
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    for (const created of stores) await created.close();
    await s3.close();
  });

  it('a presigned URL downloads the object with a plain fetch, no Authorization header', async () => {
    const objects = store(`s3://${BUCKET}/results`);
    const data = bytesOf(2 * 1024 * 1024 + 17);
    await objects.put(KEY, chunked(data), 'application/x-ndjson');
    // Real time: s3rver checks a presigned URL's expiry against its own clock.
    const url = await objects.presignGet(KEY, 3600, Date.now());
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${s3.endpoint}/${BUCKET}/results/${KEY}`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('3600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });

  it('keeps keys under the prefix of OBJECT_STORE_URL', async () => {
    const objects = store(`s3://${BUCKET}/results/`);
    await objects.put('push/job_prefix/1.jsonl', chunked(Buffer.from('under the prefix')), 'text/plain');
    expect(await store(`s3://${BUCKET}/elsewhere`).get('push/job_prefix/1.jsonl')).toBeNull();
    const whole = await store(`s3://${BUCKET}`).get('results/push/job_prefix/1.jsonl');
    expect((await readAll(whole!.body)).toString()).toBe('under the prefix');
  });
});
