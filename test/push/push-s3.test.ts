import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { parseLines, runJob } from '../helpers/push.js';
import { BUCKET, startS3rver } from '../helpers/s3rver.js';

describe('push jobs with an S3-compatible object store (s3rver on loopback)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let f: FeedFixture;

  beforeAll(async () => {
    s3 = await startS3rver();
    // s3rver checks a presigned URL's expiry against the real clock: the test clock starts there.
    f = await startFeedFixture({
      perSource: 3,
      clock: new ManualClock(Date.now()),
      env: { OBJECT_STORE_URL: `s3://${BUCKET}/push-results`, OBJECT_STORE_ENDPOINT: s3.endpoint },
    });
    for (const id of ['u1', 'u2', 'u3']) await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} });
  });
  afterAll(async () => {
    await f.t.close();
    await s3.close();
  });

  it('completes, and the bucket serves the file at the presigned URL to a plain GET', async () => {
    expect(f.t.deps.objects.kind).toBe('s3');
    const job = await runJob(f.t, f.key, {
      scenario: 'daily',
      candidates_per_user: 3,
      target_mode: 'manual',
      user_ids: ['u1', 'u2', 'u3'],
    });
    expect(job).toMatchObject({ status: 'completed', users_processed: 3, consumed_credits: 1.5 });
    const url = new URL(job.download_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${BUCKET}/push-results/push/${job.job_id}/1.jsonl`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');

    const file = await fetch(url); // no Authorization: the credentials are in the query
    expect(file.status).toBe(200);
    const lines = parseLines(await file.text());
    expect(lines.map((l) => l.user_id)).toEqual(['u1', 'u2', 'u3']);
    for (const line of lines) {
      expect(line.candidates.length).toBeGreaterThanOrEqual(1);
      expect(line.candidates.map((c) => c.score)).toEqual(line.candidates.map((c) => c.score).sort((a, b) => b - a));
    }
    // The service does not serve objects itself in S3 mode.
    expect((await f.t.app.inject({ method: 'GET', url: `/objects/push/${job.job_id}/1.jsonl${url.search}` })).statusCode).toBe(404);
  });
});
