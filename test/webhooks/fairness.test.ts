import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SLOTS_PER_TENANT } from '../../src/webhooks/webhook-dispatcher.js';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { enqueue, startWebhookApp, tenantWithWebhook } from './webhook-fixture.js';

/** A receiver on loopback that holds every request open until released. */
async function startHangingReceiver() {
  const held: ServerResponse[] = [];
  let released = false;
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      if (released) res.writeHead(204).end();
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    /** Requests open now (received, not answered). */
    open: () => held.length,
    received: () => received,
    release() {
      released = true;
      for (const res of held.splice(0)) res.writeHead(204).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Issue 17, defect 3: deliveries are sent side by side, and one tenant's
 * hanging receiver holds at most its share of the dispatcher. The attempt
 * timeout (60 s here) never fires: the hanging receivers are released by the
 * test, so only concurrency can let tenant B's delivery through.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('webhook concurrency and fairness on %s', (_name, backend) => {
  let t: TestApp;
  let fast: Receiver;
  let hangingA: Awaited<ReturnType<typeof startHangingReceiver>>;
  let hangingC: Awaited<ReturnType<typeof startHangingReceiver>>;
  beforeAll(async () => {
    t = await startWebhookApp({ backend, env: { WEBHOOK_TIMEOUT_MS: '60000' } });
    fast = await startReceiver();
    hangingA = await startHangingReceiver();
    hangingC = await startHangingReceiver();
  });
  afterAll(async () => {
    hangingA.release();
    hangingC.release();
    await Promise.all([fast.close(), hangingA.close(), hangingC.close()]);
    await t.close();
  });

  it('15 hanging deliveries of A and 5 of C hold two slots each; B is delivered meanwhile; all complete once released', async () => {
    const a = await tenantWithWebhook(t, hangingA.url);
    const c = await tenantWithWebhook(t, hangingC.url);
    const b = await tenantWithWebhook(t, fast.url);
    for (let i = 0; i < 15; i++) await enqueue(t, a.tenantId, 'push_job.completed', { job_id: `job_a${i}` });
    for (let i = 0; i < 5; i++) await enqueue(t, c.tenantId, 'push_job.completed', { job_id: `job_c${i}` });
    t.clock.advance(1);
    await enqueue(t, b.tenantId, 'push_job.completed', { job_id: 'job_b' });
    fast.requests.length = 0;

    const run = t.deps.webhooks.runDue();
    // B's is the least overdue of 21 deliveries, yet arrives while A's and C's hang.
    await until('B to receive its delivery', async () => (fast.requests.length === 1 ? true : undefined), 2_000, 10);
    expect(JSON.parse(fast.requests[0]!.body).data.job_id).toBe('job_b');
    // Side by side, not one at a time, and never more than a tenant's share.
    await until('A and C to hold their share', async () => (hangingA.open() === 2 && hangingC.open() === 2 ? true : undefined), 2_000, 10);
    expect(WEBHOOK_SLOTS_PER_TENANT).toBe(2);
    expect(hangingA.received()).toBe(2);
    expect(hangingC.received()).toBe(2);

    hangingA.release();
    hangingC.release();
    const attempted = await run;
    expect(attempted).toBe(21);
    expect(hangingA.received()).toBe(15);
    expect(hangingC.received()).toBe(5);
    const delivered = await t.deps.db.selectFrom('webhook_deliveries').select('status').execute();
    expect(delivered.map((d) => d.status)).toEqual(Array(21).fill('delivered'));
  });

  it("with the poller running, B's test delivery is sent while 15 of A's hang (no run waits for the last one to end)", async () => {
    const hanging = await startHangingReceiver();
    try {
      const a = await tenantWithWebhook(t, hanging.url);
      const b = await tenantWithWebhook(t, fast.url);
      for (let i = 0; i < 15; i++) await enqueue(t, a.tenantId, 'push_job.completed', { job_id: `job_p${i}` });
      fast.requests.length = 0;
      t.deps.webhooks.start();
      await until('A to be sent', async () => (hanging.open() > 0 ? true : undefined), 2_000, 10);

      // Asked for after the poller's run began, as in the attack run (B's came 45 s late).
      expect((await t.admin('POST', `/admin/v1/tenants/${b.tenantId}/webhook/test`)).statusCode).toBe(202);
      await until('B to receive its test delivery', async () => (fast.requests.length === 1 ? true : undefined), 2_000, 10);
      expect(JSON.parse(fast.requests[0]!.body).type).toBe('webhook.test');
      expect(hanging.received()).toBe(WEBHOOK_SLOTS_PER_TENANT);

      // Released, the rest of A's go out two at a time.
      hanging.release();
      await until('all of A to be delivered', async () => (hanging.received() === 15 ? true : undefined), 10_000, 10);
    } finally {
      hanging.release();
      await hanging.close();
    }
  });
});
