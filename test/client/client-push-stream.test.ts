import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { holdPort, type HeldPort } from '../helpers/held-port.js';
import { clientOf, closeListening, manualTimer } from '../helpers/listening-app.js';

const FILE_BYTES = 200 * 1024 * 1024;
/** Growth allowed over the download: a few network chunks and V8's young generation, far below the file. */
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024;

/** The storage is local files whatever the database: SQLite alone. */
describe('downloadCandidates streams a 200 MB push file', () => {
  let f: FeedFixture;
  let served: { baseUrl: string };
  let held: HeldPort;
  beforeAll(async () => {
    held = await holdPort();
    served = { baseUrl: held.url };
    f = await startFeedFixture({ backend: testBackends()[0]!, perSource: 2, env: { PUBLIC_BASE_URL: served.baseUrl } });
    held.serve(f.t.app.server);
  });
  afterAll(() => closeListening(held, f.t));

  it('line by line as typed records, with RSS growing by a small fraction of the file', async () => {
    const client = clientOf(
      served,
      f.key,
      manualTimer(f.t.clock, async () => void (await f.t.deps.pushWorker.runPending())),
    );
    await client.putUser('big', { properties: {} });
    const job = await client.waitForPushJob(
      (await client.createPushJob({ scenario: 'daily', target_mode: 'manual', user_ids: ['big'] })).job_id,
    );
    let template: string | undefined;
    for await (const line of client.downloadCandidates(job)) template = JSON.stringify(line.candidates);

    // The job's real file, replaced by a 200 MB one generated as a stream (never whole in memory).
    const { result_key } = await f.t.deps.db
      .selectFrom('push_jobs')
      .select('result_key')
      .where('id', '=', job.job_id)
      .executeTakeFirstOrThrow();
    const lineOf = (i: number) => `{"user_id":"user-${i}","candidates":${template}}\n`;
    const lines = Math.ceil(FILE_BYTES / Buffer.byteLength(lineOf(0)));
    async function* file() {
      for (let i = 0; i < lines;) {
        let chunk = '';
        for (const end = Math.min(lines, i + 1000); i < end; i++) chunk += lineOf(i);
        yield Buffer.from(chunk);
      }
    }
    const { bytes } = await f.t.deps.objects.put(result_key!, Readable.from(file()), 'application/x-ndjson');
    expect(bytes).toBeGreaterThanOrEqual(FILE_BYTES);

    const before = process.memoryUsage().rss;
    let peak = before;
    let count = 0;
    for await (const line of client.downloadCandidates(job.job_id)) {
      if (line.user_id !== `user-${count}`) throw new Error(`line ${count} is ${line.user_id}`);
      count++;
      if (count % 2000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(count).toBe(lines);
    expect(peak - before, `RSS grew by ${((peak - before) / 2 ** 20).toFixed(1)} MB`).toBeLessThan(RSS_GROWTH_LIMIT);
  });
});
