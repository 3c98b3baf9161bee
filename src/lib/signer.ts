import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;

/**
 * Signs small JSON payloads into opaque, URL-safe strings (cursors, tracking
 * tokens): base64url(JSON) "." base64url(HMAC-SHA256 truncated to 128 bits).
 * Each purpose derives its own key, so a cursor never verifies as a token.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secretKey: string, purpose: string) {
    this.key = createHmac('sha256', secretKey).update(`content-feed:${purpose}`).digest();
  }

  sign(payload: unknown): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The payload, or null when the text was not signed by this signer (or was altered). */
  verify<T>(text: string): T | null {
    const dot = text.indexOf('.');
    if (dot <= 0 || dot !== text.lastIndexOf('.')) return null;
    const body = text.slice(0, dot);
    const macText = text.slice(dot + 1);
    const mac = Buffer.from(macText, 'base64url');
    if (mac.length !== MAC_BYTES || !timingSafeEqual(mac, this.mac(body))) return null;
    // base64url decoding ignores the unused low bits of the last character:
    // accept only the canonical spelling, so one token has one text (dedupe keys).
    if (mac.toString('base64url') !== macText) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
