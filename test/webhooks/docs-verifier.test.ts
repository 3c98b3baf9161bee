import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { enqueue, startWebhookApp, tenantWithWebhook } from './webhook-fixture.js';

type Verify = (secret: string, headers: Record<string, string>, body: string | Buffer, nowSeconds?: number) => unknown;

/** The copy-paste verifier of docs/webhooks.md, run exactly as written there. */
async function loadDocsVerifier(): Promise<Verify> {
  const docs = readFileSync(fileURLToPath(new URL('../../docs/webhooks.md', import.meta.url)), 'utf8');
  const block = /<!-- verifier:[^>]*-->\s*```js\n([\s\S]*?)```/.exec(docs);
  if (!block) throw new Error('docs/webhooks.md has no verifier block');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-verifier-')), 'verify-webhook.mjs');
  writeFileSync(file, block[1]!);
  const module = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
  return module.verifyWebhook;
}

describe.each(testBackends().map((b) => [b.name, b] as const))("docs/webhooks.md's verifier on %s", (_name, backend) => {
  let t: TestApp;
  let receiver: Receiver;
  let verifyWebhook: Verify;
  beforeAll(async () => {
    t = await startWebhookApp({ backend });
    receiver = await startReceiver();
    verifyWebhook = await loadDocsVerifier();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('accepts a real delivery and refuses tampering, a wrong secret, stale or missing headers', async () => {
    const { tenantId, secret } = await tenantWithWebhook(t, receiver.url);
    const id = await enqueue(t, tenantId);
    await t.deps.webhooks.runDue();
    const { headers, body } = receiver.requests.at(-1)!;

    expect(verifyWebhook(secret, headers, body)).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, headers, Buffer.from(body))).toMatchObject({ id });
    expect(
      verifyWebhook(secret, { ...headers, 'x-service-signature': `v1,bm90IGl0 ${headers['x-service-signature']}` }, body),
    ).toMatchObject({ id });

    expect(() => verifyWebhook(secret, headers, body.replace('"users_processed":3', '"users_processed":4'))).toThrow(/does not match/);
    const { secret: other } = (await t.admin('PUT', `/admin/v1/tenants/${tenantId}/webhook`, { url: receiver.url })).json();
    expect(() => verifyWebhook(other, headers, body)).toThrow(/does not match/);
    expect(() => verifyWebhook(secret, { ...headers, 'x-service-webhook-id': 'msg_other' }, body)).toThrow(/does not match/);
    expect(() =>
      verifyWebhook(secret, { ...headers, 'x-service-signature': headers['x-service-signature']!.replace('v1,', 'v2,') }, body),
    ).toThrow(/does not match/);
    const sent = Number(headers['x-service-webhook-timestamp']);
    expect(verifyWebhook(secret, headers, body, sent + 300)).toMatchObject({ id });
    expect(() => verifyWebhook(secret, headers, body, sent + 301)).toThrow(/timestamp/);
    expect(() => verifyWebhook(secret, headers, body, sent - 301)).toThrow(/timestamp/);
    const { 'x-service-signature': _dropped, ...unsigned } = headers;
    expect(() => verifyWebhook(secret, unsigned, body)).toThrow(/missing/);
  });
});
