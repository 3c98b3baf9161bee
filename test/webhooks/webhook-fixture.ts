import { createHmac } from 'node:crypto';
import { ManualClock } from '../../src/lib/clock.js';
import { enqueueWebhook } from '../../src/webhooks/webhook-outbox.js';
import type { Backend, TestDatabase } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

export const RETRY_DELAYS_MS = [1000, 2000, 3000];
/** Past the longest jittered wait (+20 %). */
export const pastRetry = (attempt: number) => Math.ceil(RETRY_DELAYS_MS[attempt - 1]! * 1.2) + 1;

/** An app whose dispatcher tests drive by hand; its clock starts at real time, as Standard Webhooks verifiers expect. */
export function startWebhookApp(o: {
  backend?: Backend;
  database?: TestDatabase;
  env?: Record<string, string>;
  clock?: ManualClock;
}): Promise<TestApp> {
  return startTestApp({
    backend: o.backend,
    database: o.database,
    clock: o.clock ?? new ManualClock(Date.now()),
    env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true', WEBHOOK_RETRY_DELAYS_MS: RETRY_DELAYS_MS.join(','), ...o.env },
  });
}

export async function tenantWithWebhook(t: TestApp, url: string): Promise<{ tenantId: string; secret: string }> {
  const { tenantId } = await t.createTenant();
  const response = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url });
  if (response.statusCode !== 200) throw new Error(`webhook not set: ${response.body}`);
  return { tenantId, secret: response.json().secret };
}

export const JOB_DATA = { job_id: 'job_1', status: 'completed', scenario: 'morning', users_processed: 3 };

export function enqueue(
  t: TestApp,
  tenantId: string,
  type = 'push_job.completed',
  data: Record<string, unknown> = JOB_DATA,
): Promise<string | null> {
  return enqueueWebhook(t.deps.db, { tenantId, type, data, now: t.clock.now() });
}

export async function deliveryOf(t: TestApp, tenantId: string, id: string) {
  const response = await t.admin('GET', `/admin/v1/tenants/${tenantId}/webhook/deliveries/${id}`);
  if (response.statusCode !== 200) throw new Error(`delivery not found: ${response.body}`);
  return response.json();
}

/** docs/webhooks.md's recipe, written here apart from the service's code. */
export function recipeSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
