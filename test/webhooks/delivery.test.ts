import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin } from '../../src/cli/admin.js';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { deliveryOf, enqueue, JOB_DATA, recipeSignature, startWebhookApp, tenantWithWebhook } from './webhook-fixture.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('webhook delivery on %s', (_name, backend) => {
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

  it('sends one signed POST that verifies with the documented recipe and with the standardwebhooks package', async () => {
    const { tenantId, secret } = await tenantWithWebhook(t, receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = await enqueue(t, tenantId);
    expect(id).toMatch(/^msg_/);
    receiver.requests.length = 0;

    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks');
    const h = request!.headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['user-agent']).toMatch(/content-feed/);
    expect(JSON.parse(request!.body)).toEqual({
      id,
      type: 'push_job.completed',
      created_at: new Date(t.clock.now()).toISOString(),
      data: JOB_DATA,
    });

    expect(h['x-service-webhook-id']).toBe(id);
    expect(h['x-service-webhook-timestamp']).toBe(String(Math.floor(t.clock.now() / 1000)));
    expect(h['x-service-signature']).toBe(recipeSignature(secret, id!, h['x-service-webhook-timestamp']!, request!.body));
    for (const name of ['id', 'timestamp']) expect(h[`webhook-${name}`]).toBe(h[`x-service-webhook-${name}`]);
    expect(h['webhook-signature']).toBe(h['x-service-signature']);
    expect(new Webhook(secret).verify(request!.body, h)).toEqual(JSON.parse(request!.body));
    expect(() => new Webhook(secret).verify(request!.body.replace('morning', 'evening'), h)).toThrow();

    const delivery = await deliveryOf(t, tenantId, id!);
    expect(delivery).toMatchObject({
      id,
      type: 'push_job.completed',
      status: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 204,
      last_error: null,
    });
    expect(delivery.finished_at).not.toBeNull();
    expect(delivery.attempt_log).toEqual([
      { attempt: 1, url: receiver.url, started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 204, error: null },
    ]);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    expect(await t.deps.metrics.getSingleMetricAsString('webhook_deliveries_total')).toMatch(
      /webhook_deliveries_total\{outcome="delivered"\} [1-9]/,
    );
  });

  it('never logs the secret or the signature', async () => {
    const { tenantId, secret } = await tenantWithWebhook(t, receiver.url);
    await enqueue(t, tenantId);
    receiver.requests.length = 0;
    await t.deps.webhooks.runDue();
    const signature = receiver.requests[0]!.headers['x-service-signature']!;
    const logs = t.logs.join('');
    expect(logs).toContain('webhook delivered');
    expect(logs).not.toContain(secret.slice('whsec_'.length));
    expect(logs).not.toContain(signature.slice(3));
  });

  it('records nothing for a tenant without a webhook', async () => {
    const { tenantId } = await t.createTenant();
    expect(await enqueue(t, tenantId)).toBeNull();
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries`)).json().deliveries).toEqual([]);
    const rows = await t.deps.db.selectFrom('webhook_deliveries').select('id').where('tenant_id', '=', tenantId).execute();
    expect(rows).toEqual([]);
  });

  it('cancels a delivery whose webhook was removed before it was sent, and sends nothing', async () => {
    const { tenantId } = await tenantWithWebhook(t, receiver.url);
    const id = await enqueue(t, tenantId);
    expect((await t.admin('DELETE', `/admin/v1/tenants/${tenantId}/webhook`)).statusCode).toBe(204);
    receiver.requests.length = 0;
    await t.deps.webhooks.runDue();
    expect(receiver.requests).toEqual([]);
    expect(await deliveryOf(t, tenantId, id!)).toMatchObject({ status: 'cancelled', attempts: 0, attempt_log: [], next_attempt_at: null });
  });

  it('signs with the current secret and sends to the current URL when the webhook changed after enqueue', async () => {
    const other = await startReceiver();
    try {
      const { tenantId } = await tenantWithWebhook(t, receiver.url);
      const id = await enqueue(t, tenantId);
      const { secret } = (await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: other.url })).json();
      receiver.requests.length = 0;
      await t.deps.webhooks.runDue();
      expect(receiver.requests).toEqual([]);
      expect(other.requests).toHaveLength(1);
      expect(new Webhook(secret).verify(other.requests[0]!.body, other.requests[0]!.headers)).toMatchObject({ id });
    } finally {
      await other.close();
    }
  });

  it('lists deliveries newest first in signed pages, filters by status, 404 for unknown tenants and deliveries', async () => {
    const { tenantId } = await tenantWithWebhook(t, receiver.url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await enqueue(t, tenantId, 'push_job.completed', { ...JOB_DATA, job_id: `job_${i}` }))!);
      t.clock.advance(1000);
    }
    await t.deps.webhooks.runDue();
    ids.push((await enqueue(t, tenantId, 'push_job.failed', { ...JOB_DATA, status: 'failed', error: { code: 'x', message: 'y' } }))!);

    const first = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?limit=4`)).json();
    expect(first.deliveries.map((d: { id: string }) => d.id)).toEqual(ids.slice(2).reverse());
    expect(first.deliveries[0]).toMatchObject({ type: 'push_job.failed', status: 'pending', attempts: 0, attempt_log: [] });
    expect(first.deliveries[0].next_attempt_at).toBe(first.deliveries[0].created_at);
    const second = (
      await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?limit=4&cursor=${first.meta.next_cursor}`)
    ).json();
    expect(second.deliveries.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.meta.next_cursor).toBeNull();

    const pending = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?status=pending`)).json();
    expect(pending.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[5]]);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?status=sent`)).statusCode).toBe(400);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?limit=101`)).statusCode).toBe(400);

    const other = await t.createTenant();
    const foreign = await t.admin('GET', `/admin/v1/tenants/${other.tenantId}/webhook/deliveries?cursor=${first.meta.next_cursor}`);
    expect(foreign.statusCode).toBe(400);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries?cursor=forged.cursor`)).statusCode).toBe(400);
    expect((await t.admin('GET', `/admin/v1/tenants/ten_nope/webhook/deliveries`)).statusCode).toBe(404);
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries/msg_nope`)).statusCode).toBe(404);
    expect((await t.admin('GET', `/admin/v1/tenants/${other.tenantId}/webhook/deliveries/${ids[0]}`)).statusCode).toBe(404);
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/admin/v1/tenants/${tenantId}/webhook/deliveries` });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('the CLI lists deliveries: admin webhook deliveries TENANT --status S', async () => {
    const { tenantId } = await tenantWithWebhook(t, receiver.url);
    const id = await enqueue(t, tenantId);
    await t.deps.webhooks.runDue();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    try {
      expect(
        await admin(t.deps.config, ['webhook', 'deliveries', tenantId, '--status', 'delivered', '--limit', '5', '--url', address]),
      ).toBe(0);
    } finally {
      write.mockRestore();
    }
    expect(JSON.parse(out.join('')).deliveries.map((d: { id: string }) => d.id)).toEqual([id]);
  });
});
