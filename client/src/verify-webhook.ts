/** Refuse timestamps further than this from our clock, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookEvent {
  id: string;
  type: 'push_job.completed' | 'push_job.failed' | 'webhook.test' | (string & {});
  created_at: string;
  data: Record<string, unknown>;
}

export interface VerifyOptions {
  /** Seconds of clock difference allowed (default 300). */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (default: the system clock). */
  nowSeconds?: number;
}

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook as docs/webhooks.md describes (Standard Webhooks, v1): HMAC-SHA256
 * with the secret's key over `{id}.{timestamp}.{raw body}`, compared in constant time
 * (WebCrypto's verify), and a timestamp within the tolerance. Returns the parsed event;
 * throws WebhookVerificationError when the request is not authentic. Pass the raw body,
 * before any JSON parsing: a body parsed and serialised again may differ in a byte.
 */
export async function verifyWebhook(
  headers: HeaderBag,
  rawBody: string | Uint8Array,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'x-service-webhook-id') ?? header(headers, 'webhook-id');
  const timestamp = header(headers, 'x-service-webhook-timestamp') ?? header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'x-service-signature') ?? header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook signature headers');
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    throw new WebhookVerificationError('webhook timestamp is too old or too new');
  }
  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    base64Bytes(secret.replace(/^whsec_/, '')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) continue;
    const signature = safeBase64Bytes(value);
    if (signature && (await globalThis.crypto.subtle.verify('HMAC', key, signature, content))) {
      return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
    }
  }
  throw new WebhookVerificationError('webhook signature does not match');
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? Object.entries(bag).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function base64Bytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function safeBase64Bytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    return base64Bytes(value);
  } catch {
    return null;
  }
}
