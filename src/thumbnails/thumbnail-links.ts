import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Widths a thumbnail is served at: a small fixed set, so variants stay few and cacheable. */
export const THUMBNAIL_WIDTHS = [200, 400, 800] as const;
/** The width items link to. */
export const DEFAULT_WIDTH = 400;

export interface ThumbnailRequest {
  contentId: string;
  width: number;
  /** Version of the original: a new image URL makes new thumbnail URLs (and cache keys). */
  version: string;
}

/**
 * Signed links to this service's thumbnail proxy (`/thumbnails/{id}?w&v&sig`,
 * DESIGN §11). The signature (HMAC with SECRET_KEY) covers the id, width and
 * version, so the endpoint cannot fetch arbitrary URLs or be walked through
 * content ids. The base URL is read when a link is made (known once the
 * server listens).
 */
export class ThumbnailLinks {
  private readonly key: Buffer;

  constructor(
    secretKey: string,
    private readonly baseUrl: () => string,
  ) {
    this.key = createHmac('sha256', secretKey).update('content-feed:thumbnail-url').digest();
  }

  /** The item's `thumbnail`: the proxy URL and the size of the image served there (never upscaled). */
  link(contentId: string, original: { url: string; width: number; height: number }): { url: string; width: number; height: number } {
    const request = { contentId, width: DEFAULT_WIDTH, version: versionOf(original.url) };
    const query = new URLSearchParams({ w: String(request.width), v: request.version, sig: this.sign(request) });
    return {
      url: `${this.baseUrl()}/thumbnails/${encodeURIComponent(contentId)}?${query.toString()}`,
      ...servedSize(original, request.width),
    };
  }

  verify(request: ThumbnailRequest, sig: string): boolean {
    const expected = Buffer.from(this.sign(request));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(r: ThumbnailRequest): string {
    return createHmac('sha256', this.key).update(`${r.contentId}\n${r.width}\n${r.version}`).digest('base64url').slice(0, 22);
  }
}

/** A short fingerprint of the original image's URL. */
export function versionOf(originalUrl: string): string {
  return createHash('sha256').update(originalUrl).digest('base64url').slice(0, 8);
}

/** Thumbnails are at most this many times as tall as wide: a taller original is cropped (and cannot make a huge output). */
export const MAX_ASPECT = 3;

/**
 * The size of a `width`-wide thumbnail of an image: the original's width when
 * it is narrower (never upscaled), the height by the aspect ratio, at most
 * MAX_ASPECT × the width.
 */
export function servedSize(original: { width: number; height: number }, width: number): { width: number; height: number } {
  const w = Math.min(width, original.width);
  const h = Math.max(1, Math.round((original.height * w) / original.width));
  return { width: w, height: Math.min(h, MAX_ASPECT * w) };
}
