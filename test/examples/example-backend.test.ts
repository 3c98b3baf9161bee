import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushCandidateLine } from '../../client/src/index.js';
import { buildExampleBackend } from '../../examples/backend/app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { holdPort, type HeldPort } from '../helpers/held-port.js';
import { clientOf, closeListening, manualTimer } from '../helpers/listening-app.js';

/** examples/backend between an "app" (this test, over HTTP) and the real server. */
describe('the example backend', () => {
  let f: FeedFixture;
  let example: FastifyInstance;
  let exampleUrl: string;
  const notified: PushCandidateLine[] = [];
  let closed = false;
  let held: HeldPort;
  beforeAll(async () => {
    held = await holdPort();
    const baseUrl = held.url;
    // The example checks webhook timestamps against real time: the server's clock starts there.
    f = await startFeedFixture({
      backend: testBackends()[0]!,
      perSource: 5,
      clock: new ManualClock(Date.now()),
      env: { PUBLIC_BASE_URL: baseUrl, ALLOW_PRIVATE_NETWORK_FETCH: 'true' },
    });
    held.serve(f.t.app.server);
    const client = clientOf({ baseUrl }, f.key, manualTimer(f.t.clock));
    const placeholder = 'whsec_' + Buffer.from('placeholder-secret-24byt').toString('base64');
    const options = { client, webhookSecret: placeholder, notify: (line: PushCandidateLine) => void notified.push(line) };
    example = buildExampleBackend(options);
    await example.listen({ port: 0, host: '127.0.0.1' });
    exampleUrl = `http://127.0.0.1:${(example.server.address() as AddressInfo).port}`;
    const hook = await f.t.admin('PUT', `/admin/v1/tenants/${f.tenantId}/webhook`, { url: `${exampleUrl}/hooks/content-feed` });
    options.webhookSecret = hook.json().secret;
  });
  afterAll(async () => {
    if (!closed) await example.close();
    await closeListening(held, f.t);
  });

  it('receives the push webhook, verifies it, streams the candidates and notifies each user; a forged one is refused', async () => {
    for (const id of ['n1', 'n2']) await f.t.api(f.key, 'PUT', `/v1/users/${id}`, { properties: {} });
    const created = await f.t.api(f.key, 'POST', '/v1/push-candidates', {
      scenario: 'daily',
      target_mode: 'manual',
      user_ids: ['n1', 'n2'],
    });
    await f.t.deps.pushWorker.runPending();
    expect(await f.t.deps.webhooks.runDue()).toBe(1);
    expect(notified.map((line) => line.user_id).sort()).toEqual(['n1', 'n2']);
    expect(created.json().job_id).toBeTruthy();

    const forged = await fetch(`${exampleUrl}/hooks/content-feed`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-webhook-id': 'msg_x',
        'x-service-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-service-signature': 'v1,AAAA',
      },
      body: JSON.stringify({ id: 'msg_x', type: 'push_job.completed', data: { job_id: created.json().job_id } }),
    });
    expect(forged.status).toBe(400);
  });

  it('proxies the feed without handing the key to the app, and sends the app’s events through the buffer', async () => {
    const response = await fetch(`${exampleUrl}/feed?user_id=app-user`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { id: string; tracking_token: string }[]; next_cursor: string | null };
    expect(page.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(page)).not.toContain(f.key);
    const next = (await (
      await fetch(`${exampleUrl}/feed?user_id=app-user&cursor=${encodeURIComponent(page.next_cursor!)}`)
    ).json()) as typeof page;
    expect(next.items.map((item) => item.id)).not.toContain(page.items[0]!.id);

    const occurred_at = new Date(f.t.clock.now()).toISOString();
    const events = [
      { type: 'session_start', session_id: 'app-session', user_id: 'app-user', occurred_at },
      { type: 'click', session_id: 'app-session', user_id: 'app-user', tracking_token: page.items[0]!.tracking_token, occurred_at },
    ];
    const posted = await fetch(`${exampleUrl}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    expect(posted.status).toBe(202);
    await example.close(); // flushes the buffer (the last test: the example stops here)
    closed = true;
    const stored = await f.t.deps.db
      .selectFrom('events')
      .select(['type'])
      .where('tenant_id', '=', f.tenantId)
      .where('session_id', '=', 'app-session')
      .execute();
    expect(stored.map((row) => row.type).sort()).toEqual(['click', 'session_start']);
  });
});
