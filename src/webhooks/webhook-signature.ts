import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * The Standard Webhooks signature (standardwebhooks.com): the key is the
 * base64-decoded part of the `whsec_` secret, the signed content
 * `{id}.{timestamp}.{body}`, the result `v1,<base64 HMAC-SHA256>`. Receivers
 * verify it with docs/webhooks.md's recipe or any Standard Webhooks library.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('webhook secrets start with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers that carry the signature: ours (`X-Service-…`, SPEC.md) and the
 * same three values under the Standard Webhooks names, so off-the-shelf
 * verifiers work unchanged.
 */
export function signatureHeaders(id: string, timestampSeconds: number, signature: string): Record<string, string> {
  const timestamp = String(timestampSeconds);
  return {
    'x-service-webhook-id': id,
    'x-service-webhook-timestamp': timestamp,
    'x-service-signature': signature,
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
}
