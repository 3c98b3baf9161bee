import type { ContentFeedClient } from './content-feed-client.js';
import { jsonlLines } from './jsonl-lines.js';
import { ProblemError } from './problem-error.js';
import type { PushCandidateLine, PushJob } from './types.js';

export interface WaitOptions {
  /** First wait between polls (default 1,000 ms); it grows ×1.5 to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest wait between polls (default 30,000 ms). */
  maxIntervalMs?: number;
  /** Give up after this long (default 15 minutes: a 100,000-user job takes under 10). */
  timeoutMs?: number;
}

/** Polls the job with growing waits until it is completed or failed. */
export async function waitForPushJob(client: ContentFeedClient, jobId: string, options: WaitOptions = {}): Promise<PushJob> {
  const timer = client.transport.timer;
  const deadline = timer.now() + (options.timeoutMs ?? 15 * 60_000);
  let interval = options.intervalMs ?? 1000;
  for (;;) {
    const job = await client.getPushJob(jobId);
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (timer.now() + interval > deadline) throw new Error(`push job ${jobId} still ${job.status} after the wait's timeout`);
    await timer.sleep(interval);
    interval = Math.min(options.maxIntervalMs ?? 30_000, interval * 1.5);
  }
}

/**
 * The candidate file of a completed job, one typed line at a time, streamed: memory
 * stays bounded by one network chunk and one line, whatever the file's size.
 * The download URL is signed when the job is read; one that has expired (403)
 * is replaced by reading the job again.
 */
export async function* downloadCandidates(client: ContentFeedClient, jobOrId: string | PushJob): AsyncGenerator<PushCandidateLine> {
  let job = typeof jobOrId === 'string' ? await client.getPushJob(jobOrId) : jobOrId;
  for (let attempt = 1; ; attempt++) {
    if (job.status !== 'completed' || !job.download_url) {
      throw new Error(`push job ${job.job_id} is ${job.status}: there is no file to download${job.error ? ` (${job.error.message})` : ''}`);
    }
    const expired = job.download_url_expires_at !== undefined && Date.parse(job.download_url_expires_at) <= client.transport.timer.now();
    const response = expired ? null : await client.transport.download(job.download_url);
    if (response?.ok && response.body) {
      for await (const line of jsonlLines(response.body)) yield JSON.parse(line) as PushCandidateLine;
      return;
    }
    await response?.body?.cancel();
    const refused = response === null || response.status === 403;
    if (!refused || attempt >= 2) {
      throw new ProblemError(response?.status ?? 403, null, response?.headers.get('x-request-id') ?? null);
    }
    job = await client.getPushJob(job.job_id);
  }
}
