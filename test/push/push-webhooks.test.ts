import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { createJob, runJob } from '../helpers/push.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

describe.each(testBackends().map((b) => [b.name, b] as const))(
  'push jobs send one signed webhook when they finish, on %s',
  (_name, backend) => {
    let f: FeedFixture;
    let receiver: Receiver;
    let secret: string;

    beforeAll(async () => {
      // Standard Webhooks verifiers compare the timestamp with real time: the test clock starts there.
      f = await startFeedFixture({
        backend,
        perSource: 3,
        clock: new ManualClock(Date.now()),
        env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' },
      });
      receiver = await startReceiver();
      secret = (await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/webhook`, { url: receiver.url })).json().secret;
      await f.t.api(f.key, 'PUT', '/v1/users/u1', { properties: {} });
    });
    afterAll(async () => {
      await receiver.close();
      await f.t.close();
    });

    it('completed: one delivery of push_job.completed, verified by the standardwebhooks package, sent once', async () => {
      receiver.requests.length = 0;
      const job = await runJob(f.t, f.key, { scenario: 'daily', target_mode: 'manual', user_ids: ['u1', 'ghost'] });
      expect(await f.t.deps.webhooks.runDue()).toBe(1);
      expect(await f.t.deps.webhooks.runDue()).toBe(0);
      expect(receiver.requests).toHaveLength(1);
      const [delivery] = receiver.requests;
      const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers) as Record<string, unknown>;
      expect(payload).toEqual({
        id: delivery!.headers['webhook-id'],
        type: 'push_job.completed',
        created_at: job.finished_at,
        data: { job_id: job.job_id, status: 'completed', scenario: 'daily', users_processed: 1 },
      });
      expect(delivery!.headers['x-service-signature']).toBe(delivery!.headers['webhook-signature']);
    });

    it('failed: one delivery of push_job.failed carrying the error', async () => {
      receiver.requests.length = 0;
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/flaky`, { type: 'push', algorithm_id: 'main' });
      const created = await createJob(f.t, f.key, { scenario: 'flaky', target_mode: 'manual', user_ids: ['u1'] });
      await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/scenarios/flaky`, { type: 'feed', algorithm_id: 'main' });
      expect(await f.t.deps.pushWorker.runPending()).toEqual(['failed']);
      await f.t.deps.webhooks.runDue();
      expect(receiver.requests).toHaveLength(1);
      const payload = new Webhook(secret).verify(receiver.requests[0]!.body, receiver.requests[0]!.headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(payload.type).toBe('push_job.failed');
      expect(payload.data).toEqual({
        job_id: created.body.job_id,
        status: 'failed',
        scenario: 'flaky',
        users_processed: 0,
        error: { code: 'scenario_unavailable', message: expect.stringContaining('flaky') },
      });
    });
  },
);
