import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { deliveryOf, enqueue, startWebhookApp, tenantWithWebhook } from './webhook-fixture.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('webhook network policy on %s', (_name, backend) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    // The default: ALLOW_PRIVATE_NETWORK_FETCH=false.
    t = await startWebhookApp({ backend, env: { ALLOW_PRIVATE_NETWORK_FETCH: 'false' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const refuse = async (host: string) => {
    const url = receiver.url.replace('127.0.0.1', host);
    const { tenantId } = await tenantWithWebhook(t, url);
    const id = (await enqueue(t, tenantId))!;
    expect(await t.deps.webhooks.runDue()).toBe(1);
    t.clock.advance(86_400_000);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    expect(receiver.connections).toBe(0);
    const delivery = await deliveryOf(t, tenantId, id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(delivery.attempt_log).toHaveLength(1);
    return delivery;
  };

  for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
    it(`refuses a webhook to ${host} without connecting, and does not retry`, async () => {
      const delivery = await refuse(host);
      expect(delivery.last_error).toMatch(/a loopback address.*; webhooks may not reach private networks/);
    });
  }

  it('refuses a name that resolves to a loopback address without telling the tenant the address; the log names it', async () => {
    const logged = t.logs.length;
    const delivery = await refuse('localhost');
    const expected = 'localhost resolves to a private or reserved address; webhooks may not reach private networks';
    expect(delivery.last_error).toContain(expected);
    expect(delivery.attempt_log[0].error).toBe(delivery.last_error);
    // What the tenant (and its console members) can read names no address.
    expect(JSON.stringify(delivery)).not.toMatch(/127\.0\.0\.1|::1\b|loopback/);
    const line = t.logs.slice(logged).map((l) => JSON.parse(l)).find((l) => l.msg === 'webhook delivery failed');
    expect(line).toMatchObject({ error: delivery.last_error, refused_address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });
});
