import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

export interface PushLine {
  user_id: string;
  candidates: { id: string; score: number; tracking_token: string; source: { id: string }; category: string }[];
}

/** POST /v1/push-candidates; returns status, body and headers. */
export async function createJob(t: TestApp, key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.api(key, 'POST', '/v1/push-candidates', body, headers);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function getJob(t: TestApp, key: string, jobId: string) {
  const res = await t.api(key, 'GET', `/v1/push-candidates/${jobId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A plain GET of a signed URL through the app (no Authorization), as a client's HTTP library would send it. */
export async function fetchSigned(t: TestApp, url: string) {
  const parsed = new URL(url);
  return t.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}`, headers: { host: parsed.host } });
}

export function parseLines(text: string): PushLine[] {
  expect(text.endsWith('\n') || text === '').toBe(true);
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as PushLine);
}

/** Creates a job, runs the worker until the queue is empty, and returns the finished job's view. */
export async function runJob(t: TestApp, key: string, body: Record<string, unknown>) {
  const created = await createJob(t, key, body);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  await t.deps.pushWorker.runPending();
  return getJob(t, key, created.body.job_id);
}

/** The lines of a completed job's file, downloaded with its signed URL. */
export async function downloadLines(t: TestApp, job: { status: string; download_url?: string }): Promise<PushLine[]> {
  expect(job.status).toBe('completed');
  const res = await fetchSigned(t, job.download_url!);
  expect(res.statusCode, res.body).toBe(200);
  return parseLines(res.body);
}
