import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { deliveryOf, enqueue, startWebhookApp, tenantWithWebhook } from './webhook-fixture.js';

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testBackends().map((b) => [b.name, b] as const))('webhook deliveries across processes on %s', (_name, backend) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** Two runtimes over one database (the first leaves it in place when closed). */
  async function twoApps(clock: ManualClock): Promise<[TestApp, TestApp, Receiver]> {
    const database = await backend.create();
    const receiver = await startReceiver();
    const first = await startWebhookApp({ database: { url: database.url, drop: async () => {} }, clock });
    const second = await startWebhookApp({ database, clock });
    cleanup.push(
      () => receiver.close(),
      () => second.close(),
      () => first.close(),
    );
    return [first, second, receiver];
  }

  it('a delivery left pending by a stopped process is sent when another starts', async () => {
    const clock = new ManualClock(Date.now());
    const database = await backend.create();
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const before = await startWebhookApp({ database: { url: database.url, drop: async () => {} }, clock });
    const { tenantId } = await tenantWithWebhook(before, receiver.url);
    const id = (await enqueue(before, tenantId))!;
    await before.close();
    expect(receiver.requests).toEqual([]);

    const after = await startWebhookApp({ database, clock });
    cleanup.push(() => after.close());
    after.deps.webhooks.start();
    await until(() => receiver.requests.length === 1);
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(id);
    await until(() => after.logs.join('').includes('webhook delivered'));
    expect(await deliveryOf(after, tenantId, id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('a delivery leased by a dispatcher that died is taken over when the lease runs out', async () => {
    const clock = new ManualClock(Date.now());
    const [first, second, receiver] = await twoApps(clock);
    const { tenantId } = await tenantWithWebhook(first, receiver.url);
    const id = (await enqueue(first, tenantId))!;
    await first.deps.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: 'whd_dead', lease_expires_at: clock.now() + 70_000 })
      .where('id', '=', id)
      .execute();
    expect(await second.deps.webhooks.runDue()).toBe(0);
    clock.advance(70_000);
    expect(await second.deps.webhooks.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveryOf(second, tenantId, id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('two dispatchers running at once send each delivery once', async () => {
    const clock = new ManualClock(Date.now());
    const [first, second, receiver] = await twoApps(clock);
    const { tenantId } = await tenantWithWebhook(first, receiver.url);
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await enqueue(first, tenantId, 'push_job.completed', { job_id: `job_${i}` }))!);
    const [a, b] = await Promise.all([first.deps.webhooks.runDue(), second.deps.webhooks.runDue()]);
    expect(a + b).toBe(24);
    expect(receiver.requests.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
    const attempts = await first.deps.db.selectFrom('webhook_attempts').select('delivery_id').execute();
    expect(attempts).toHaveLength(24);
  });
});
