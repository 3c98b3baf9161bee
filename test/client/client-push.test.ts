import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError, verifyWebhook, WebhookVerificationError, type PushCandidateLine } from '../../client/src/index.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { holdPort, type HeldPort } from '../helpers/held-port.js';
import { clientOf, closeListening, manualTimer } from '../helpers/listening-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('push jobs and webhooks through the client on %s', (_name, backend) => {
  let f: FeedFixture;
  let served: { baseUrl: string };
  let receiver: Receiver;
  let secret: string;
  let held: HeldPort;
  beforeAll(async () => {
    held = await holdPort();
    served = { baseUrl: held.url };
    f = await startFeedFixture({ backend, perSource: 3, env: { PUBLIC_BASE_URL: served.baseUrl, ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
    held.serve(f.t.app.server);
    receiver = await startReceiver();
    secret = (await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/webhook`, { url: receiver.url })).json().secret;
  });
  afterAll(async () => {
    await receiver.close();
    await closeListening(held, f.t);
  });

  /** The client waits on the server's clock; the push worker runs while it waits. */
  const workingTimer = () => manualTimer(f.t.clock, async () => void (await f.t.deps.pushWorker.runPending()));

  it('createPushJob, waitForPushJob (polling while the worker runs), downloadCandidates as typed lines', async () => {
    const timer = workingTimer();
    const client = clientOf(served, f.key, timer);
    for (const id of ['p1', 'p2']) await client.putUser(id, { properties: { language: 'ja' } });
    const created = await client.createPushJob({
      scenario: 'daily',
      target_mode: 'manual',
      user_ids: ['p1', 'p2'],
      candidates_per_user: 2,
    });
    expect(created.status).toBe('pending');
    const job = await client.waitForPushJob(created.job_id, { intervalMs: 500 });
    expect(job).toMatchObject({ status: 'completed', users_processed: 2, download_url: expect.stringContaining(served.baseUrl) });
    expect(timer.sleeps).toEqual([500]);

    const lines: PushCandidateLine[] = [];
    for await (const line of client.downloadCandidates(job)) lines.push(line);
    expect(lines.map((line) => line.user_id).sort()).toEqual(['p1', 'p2']);
    for (const line of lines) {
      expect(line.candidates).toHaveLength(2);
      expect(line.candidates[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), tracking_token: expect.any(String) });
      expect(line.candidates[0]!.score).toBeGreaterThanOrEqual(line.candidates[1]!.score);
    }
  });

  it('an expired download URL (403) is replaced by reading the job again', async () => {
    const client = clientOf(served, f.key, workingTimer());
    await client.putUser('p3', { properties: {} });
    const job = await client.waitForPushJob(
      (await client.createPushJob({ scenario: 'daily', target_mode: 'manual', user_ids: ['p3'] })).job_id,
    );
    f.t.clock.advance(2 * 3600_000); // past the URL's hour, within the file's retention
    const stale = { ...job, download_url_expires_at: undefined }; // as if the caller's clock could not tell
    const expired = await fetch(job.download_url!);
    expect(expired.status).toBe(403);
    const lines: PushCandidateLine[] = [];
    for await (const line of client.downloadCandidates(stale)) lines.push(line);
    expect(lines.map((line) => line.user_id)).toEqual(['p3']);
  });

  it('a create whose response is lost is retried with the same Idempotency-Key and returns the same job', async () => {
    const keys: string[] = [];
    let firstJob: string | undefined;
    const client = clientOf(served, f.key, workingTimer(), {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (init?.method !== 'POST') return response;
        keys.push((init.headers as Record<string, string>)['idempotency-key']!);
        if (keys.length > 1) return response;
        firstJob = ((await response.json()) as { job_id: string }).job_id;
        throw new TypeError('fetch failed: the connection dropped before the response');
      },
    });
    await client.putUser('p4', { properties: {} });
    const created = await client.createPushJob({ scenario: 'daily', target_mode: 'manual', user_ids: ['p4'] });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(created.job_id).toBe(firstJob);
    expect(client.lastCall!.status).toBe(202);
  });

  it('a webhook from the server verifies; a changed byte, another secret or a stale timestamp fails', async () => {
    const client = clientOf(served, f.key, workingTimer());
    await client.putUser('p5', { properties: {} });
    const job = await client.waitForPushJob(
      (await client.createPushJob({ scenario: 'daily', target_mode: 'manual', user_ids: ['p5'] })).job_id,
    );
    receiver.requests.length = 0;
    await f.t.deps.webhooks.runDue();
    const delivery = receiver.requests.find((request) => request.body.includes(job.job_id))!;
    const now = Math.floor(f.t.clock.now() / 1000);

    const event = await verifyWebhook(delivery.headers, delivery.body, secret, { nowSeconds: now });
    expect(event).toMatchObject({ type: 'push_job.completed', data: { job_id: job.job_id, status: 'completed' } });
    expect(
      await verifyWebhook(new Headers(delivery.headers), new TextEncoder().encode(delivery.body), secret, { nowSeconds: now }),
    ).toEqual(event);

    const bytes = new TextEncoder().encode(delivery.body);
    for (let i = 0; i < bytes.length; i += Math.ceil(bytes.length / 7)) {
      const changed = bytes.slice();
      changed[i] = changed[i]! ^ 0x01;
      await expect(verifyWebhook(delivery.headers, changed, secret, { nowSeconds: now }), `byte ${i}`).rejects.toThrow(/does not match/);
    }
    const other = `whsec_${Buffer.from('another-secret-24-bytes!').toString('base64')}`;
    await expect(verifyWebhook(delivery.headers, delivery.body, other, { nowSeconds: now })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    const sent = Number(delivery.headers['x-service-webhook-timestamp']);
    await expect(verifyWebhook(delivery.headers, delivery.body, secret, { nowSeconds: sent + 300 })).resolves.toMatchObject({
      id: event.id,
    });
    await expect(verifyWebhook(delivery.headers, delivery.body, secret, { nowSeconds: sent + 301 })).rejects.toThrow(/timestamp/);
    await expect(verifyWebhook(delivery.headers, delivery.body, secret, { nowSeconds: sent - 301, toleranceSeconds: 300 })).rejects.toThrow(
      /timestamp/,
    );
  });

  it('an unknown job is a 404 ProblemError', async () => {
    const client = clientOf(served, f.key, workingTimer());
    const missing = await client.getPushJob('job_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ProblemError);
    expect((missing as ProblemError).status).toBe(404);
  });
});
