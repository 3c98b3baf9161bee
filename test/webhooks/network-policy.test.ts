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

  /** A URL the sender must refuse, stored as one saved while private addresses were allowed (or a name re-pointed since). */
  const refuse = async (host: string) => {
    const url = receiver.url.replace('127.0.0.1', host);
    const { tenantId } = await tenantWithWebhook(t, 'https://hooks.example/cf');
    await t.deps.db.updateTable('tenants').set({ webhook_url: url }).where('id', '=', tenantId).execute();
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
    const line = t.logs
      .slice(logged)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'webhook delivery failed');
    expect(line).toMatchObject({ error: delivery.last_error, refused_address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });

  /** Issue 17, defect 12: URLs the sender would refuse are refused when saved, with a 400 that says why. */
  const put = async (url: string) => {
    const { tenantId } = await t.createTenant();
    const res = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url });
    return { tenantId, res };
  };
  const expectRefused = (res: { statusCode: number; json(): any }, message: RegExp) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json().errors).toEqual([{ location: 'body', name: 'url', message: expect.stringMatching(message) }]);
  };

  it('refuses a URL with a user name or password on save; the password is stored and shown nowhere', async () => {
    for (const url of ['https://user:s3cret@hooks.example/', 'https://user@hooks.example/', 'https://:s3cret@hooks.example/']) {
      const { tenantId, res } = await put(url);
      expectRefused(res, /user name or password; credentials in a webhook URL are refused/);
      expect(JSON.stringify(res.json())).not.toContain('s3cret');
      const tenant = await t.admin('GET', `/admin/v1/tenants/${tenantId}`);
      expect(tenant.json().webhook_url).toBeNull();
    }
  });

  it('shows a URL with credentials stored before they were refused without them', async () => {
    const { tenantId } = await tenantWithWebhook(t, 'https://hooks.example/cf');
    await t.deps.db
      .updateTable('tenants')
      .set({ webhook_url: 'https://user:s3cret@hooks.example/cf' })
      .where('id', '=', tenantId)
      .execute();
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}`)).json().webhook_url).toBe('https://hooks.example/cf');
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook`)).json()).toEqual({ url: 'https://hooks.example/cf' });
  });

  it('refuses loopback, private and link-local addresses and names resolving to them on save, saying why', async () => {
    expectRefused(
      (await put('http://127.0.0.1:9/hooks')).res,
      /^127\.0\.0\.1 is a loopback address; webhooks may not reach private networks/,
    );
    expectRefused(
      (await put('http://[::ffff:127.0.0.1]/hooks')).res,
      /^::ffff:7f00:1 is a loopback address \(127\.0\.0\.1 inside an IPv6 address\); webhooks may not reach private networks/,
    );
    expectRefused((await put('https://10.0.0.5/hooks')).res, /^10\.0\.0\.5 is a private address/);
    expectRefused((await put('http://169.254.169.254/latest')).res, /^169\.254\.169\.254 is a link-local address/);
    // A name: said as the sender says it, without the address it resolves to.
    const { res } = await put('http://localhost:9/hooks');
    expectRefused(res, /^localhost resolves to a private or reserved address; webhooks may not reach private networks/);
    expect(JSON.stringify(res.json())).not.toMatch(/127\.0\.0\.1|::1\b/);
    // A public address, and a name that does not resolve (yet), are taken: each delivery is checked again.
    expect((await put('https://8.8.8.8/hooks')).res.statusCode).toBe(200);
    expect((await put('https://hooks.example/hooks')).res.statusCode).toBe(200);
  });
});

describe.each(testBackends().map((b) => [b.name, b] as const))('WEBHOOK_REQUIRE_HTTPS=true on %s', (_name, backend) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startWebhookApp({ backend, env: { WEBHOOK_REQUIRE_HTTPS: 'true' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses a plain http URL on save, and does not send to one saved before', async () => {
    const { tenantId } = await t.createTenant();
    const res = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: receiver.url });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { location: 'body', name: 'url', message: 'uses plain http; this service sends webhooks over https only' },
    ]);
    expect(
      (await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: receiver.url.replace('http:', 'https:') })).statusCode,
    ).toBe(200);

    await t.deps.db.updateTable('tenants').set({ webhook_url: receiver.url }).where('id', '=', tenantId).execute();
    const id = (await enqueue(t, tenantId))!;
    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(receiver.connections).toBe(0);
    expect(await deliveryOf(t, tenantId, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/plain http; this service sends webhooks over https only/),
    });
  });
});
