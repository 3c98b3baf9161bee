import { setTimeout as sleep } from 'node:timers/promises';

export interface PushRun {
  /** performance.now() ms when it was created. */
  createdAt: number;
  /** Seconds from POST to `completed` (or to the stop, unfinished). */
  seconds: number;
  status: string;
  usersProcessed: number;
}

interface JobView {
  job_id: string;
  status: string;
  users_processed: number;
}

/**
 * A push job for every user (`target_mode: all`, 3 candidates each) now and
 * then every `everyMs` until `untilAt`, each followed to its end (polled each
 * second); a job still pending or running `limitMs` after its POST is reported
 * as it stands.
 */
export async function pushJobsEvery(
  baseUrl: string,
  headers: Record<string, string>,
  options: { everyMs: number; untilAt: number; scenario: string; limitMs: number },
): Promise<PushRun[]> {
  const runs: Promise<PushRun>[] = [];
  for (let at = performance.now(); at < options.untilAt; at += options.everyMs) {
    await sleep(Math.max(0, at - performance.now()));
    runs.push(followJob(baseUrl, headers, options.scenario, options.limitMs));
  }
  return Promise.all(runs);
}

async function followJob(baseUrl: string, headers: Record<string, string>, scenario: string, limitMs: number): Promise<PushRun> {
  const createdAt = performance.now();
  const created = await fetch(`${baseUrl}/v1/push-candidates`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ scenario, candidates_per_user: 3, target_mode: 'all' }),
  });
  let job = (await created.json()) as JobView;
  if (created.status !== 202) return { createdAt, seconds: 0, status: `POST answered ${created.status}`, usersProcessed: 0 };
  while ((job.status === 'pending' || job.status === 'processing') && performance.now() - createdAt < limitMs) {
    await sleep(1000);
    job = (await (await fetch(`${baseUrl}/v1/push-candidates/${job.job_id}`, { headers })).json()) as JobView;
  }
  return { createdAt, seconds: (performance.now() - createdAt) / 1000, status: job.status, usersProcessed: job.users_processed };
}
