import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { deliveryOf, enqueue, JOB_DATA, startWebhookApp, tenantWithWebhook } from '../webhooks/webhook-fixture.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('console webhook test and resend on %s', (_name, backend) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startWebhookApp({ backend });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  const post = (tenantId: string, path: string) => t.admin('POST', `/admin/v1/tenants/${tenantId}/webhook/${path}`);

  it("POST …/webhook/test queues a signed webhook.test delivery that arrives and verifies with the tenant's secret", async () => {
    const { tenantId, secret } = await tenantWithWebhook(t, receiver.url);
    const res = await post(tenantId, 'test');
    expect(res.statusCode).toBe(202);
    const deliveryId = res.json().delivery_id as string;
    expect(deliveryId).toMatch(/^msg_/);
    receiver.requests.length = 0;

    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    const event = new Webhook(secret).verify(request.body, request.headers);
    expect(event).toEqual({
      id: deliveryId,
      type: 'webhook.test',
      created_at: new Date(t.clock.now()).toISOString(),
      data: { tenant_id: tenantId, message: expect.any(String) },
    });
    expect(request.headers['webhook-id']).toBe(deliveryId);
    expect(await deliveryOf(t, tenantId, deliveryId)).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1 });
  });

  it('a resend is a new delivery of the same body under a new id, signed anew; the earlier delivery is left as it was', async () => {
    const { tenantId, secret } = await tenantWithWebhook(t, receiver.url);
    const originalId = (await enqueue(t, tenantId))!;
    await t.deps.webhooks.runDue();
    const before = await deliveryOf(t, tenantId, originalId);
    const original = receiver.requests.find((r) => r.headers['webhook-id'] === originalId)!;

    t.clock.advance(90_000);
    const res = await post(tenantId, `deliveries/${originalId}/resend`);
    expect(res.statusCode).toBe(202);
    const resentId = res.json().delivery_id as string;
    expect(resentId).toMatch(/^msg_/);
    expect(resentId).not.toBe(originalId);
    receiver.requests.length = 0;

    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const resent = receiver.requests[0]!;
    expect(resent.headers['webhook-id']).toBe(resentId);
    expect(resent.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now() / 1000)));
    expect(resent.headers['webhook-signature']).not.toBe(original.headers['webhook-signature']);
    const event = new Webhook(secret).verify(resent.body, resent.headers);
    expect(event).toEqual({ ...JSON.parse(original.body), id: resentId });
    expect(event).toMatchObject({ type: 'push_job.completed', data: JOB_DATA });

    expect(await deliveryOf(t, tenantId, originalId)).toEqual(before);
    expect(await deliveryOf(t, tenantId, resentId)).toMatchObject({ type: 'push_job.completed', status: 'delivered', attempts: 1 });
  });

  it('refuses a test or resend with 429 and Retry-After while 5 are pending; event deliveries and other tenants do not count', async () => {
    const { tenantId } = await tenantWithWebhook(t, receiver.url);
    const { tenantId: neighbour } = await tenantWithWebhook(t, receiver.url);
    const pending = async (id: string) =>
      (await t.admin('GET', `/admin/v1/tenants/${id}/webhook/deliveries?status=pending&limit=100`)).json().deliveries as {
        id: string;
        type: string;
      }[];
    // Pending push-job events are not asked for by hand: they leave all five slots free.
    const events: string[] = [];
    for (let i = 0; i < 4; i++) events.push((await enqueue(t, tenantId))!);
    const eventId = events[0]!;
    const queued: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(tenantId, 'test');
      expect(res.statusCode).toBe(202);
      queued.push(res.json().delivery_id);
    }
    const fifth = await post(tenantId, `deliveries/${eventId}/resend`);
    expect(fifth.statusCode).toBe(202);
    queued.push(fifth.json().delivery_id);

    for (const path of ['test', `deliveries/${eventId}/resend`]) {
      const refused = await post(tenantId, path);
      expect(refused.statusCode, path).toBe(429);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests', detail: expect.stringContaining('at most 5') });
      // All five are due now; an attempt may take the whole 10 s timeout.
      expect(refused.headers['retry-after']).toBe('10');
    }
    // The refused requests queued nothing.
    expect((await pending(tenantId)).map((d) => d.id).sort()).toEqual([...queued, ...events].sort());
    // Another tenant's budget is its own.
    expect((await post(neighbour, 'test')).statusCode).toBe(202);

    // Once they are sent, the tenant may test again.
    receiver.requests.length = 0;
    await t.deps.webhooks.runDue();
    expect(receiver.requests.length).toBeGreaterThanOrEqual(9);
    expect(await pending(tenantId)).toEqual([]);
    expect((await post(tenantId, 'test')).statusCode).toBe(202);
  });

  it('parallel requests cannot slip past the limit: of 12 at once, exactly 5 are queued', async () => {
    const { tenantId } = await tenantWithWebhook(t, receiver.url);
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => post(tenantId, 'test')))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?status=pending`)).json().deliveries).toHaveLength(5);
    await t.deps.webhooks.runDue();
  });

  it('409 without a webhook URL, 404 for an unknown tenant or a delivery of another tenant; nothing is queued', async () => {
    const { tenantId: bare } = await t.createTenant();
    const test = await post(bare, 'test');
    expect(test.statusCode).toBe(409);
    expect(test.headers['content-type']).toContain('application/problem+json');
    expect(test.json().detail).toContain('webhook');
    expect((await t.admin('GET', `/admin/v1/tenants/${bare}/webhook/deliveries`)).json().deliveries).toEqual([]);

    const { tenantId: owner } = await tenantWithWebhook(t, receiver.url);
    const deliveryId = (await enqueue(t, owner))!;
    const { tenantId: other } = await tenantWithWebhook(t, receiver.url);
    expect((await post(other, `deliveries/${deliveryId}/resend`)).statusCode).toBe(404);
    expect((await post(owner, 'deliveries/msg_unknown/resend')).statusCode).toBe(404);
    expect((await post('ten_unknown', 'test')).statusCode).toBe(404);

    expect((await t.admin('DELETE', `/admin/v1/tenants/${owner}/webhook`)).statusCode).toBe(204);
    expect((await post(owner, `deliveries/${deliveryId}/resend`)).statusCode).toBe(409);
    expect((await t.admin('GET', `/admin/v1/tenants/${other}/webhook/deliveries`)).json().deliveries).toEqual([]);
    expect((await t.admin('GET', `/admin/v1/tenants/${owner}/webhook/deliveries`)).json().deliveries).toHaveLength(1);
  });
});
