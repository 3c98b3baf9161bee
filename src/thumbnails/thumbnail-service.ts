import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type Sharp from 'sharp';
import { lazyRequire } from '../lib/lazy-require.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import { findContent } from '../content/content-repo.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { measureImage } from '../extract/measure-image.js';
import type { SafeFetcher } from '../fetch/safe-fetcher.js';
import { ApiError, errors } from '../http/problem.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { VariantKind } from './accept-format.js';
import { servedSize, versionOf, type ThumbnailRequest } from './thumbnail-links.js';

const lazySharp = lazyRequire<typeof Sharp>('sharp');
const sharp = (...args: Parameters<typeof Sharp>) => lazySharp()(...args);

/** Originals larger than this are refused from their header, never decoded (a decompression bomb is small on the wire). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;
/** image-size's names of the formats thumbnails are made from. */
const RASTER_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'avif', 'heif']);
/**
 * AVIF effort 2 of 0–9: ~100–200 ms for a 400-px thumbnail on this machine
 * instead of ~1 s at the default 4, for files a few percent larger; encoded
 * once per variant and then served from the cache (bench/RESULTS.md).
 */
const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 75, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;
/** How long an original that could not be used is not asked for again (502s carry the same max-age). */
export const FAILURE_TTL_MS = 5 * 60_000;
const MAX_FAILURES = 10_000;
/** Encoded variants kept in memory for the warm path. */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

export interface Variant {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** What the proxy counts (thumbnails_encoded_total, thumbnail_originals_fetched_total: metrics/thumbnail-metrics.ts). */
export interface ThumbnailMeter {
  encoded(format: string): void;
  originalFetched(): void;
}

export interface ThumbnailServiceDeps {
  meter: ThumbnailMeter;
  db: Kysely<Database>;
  clock: Clock;
  /** Item views in memory: the warm path checks the URL is still the item's without a query; a corrected size is forgotten there. */
  catalog: ContentCatalog;
  objects: ObjectStore;
  fetcher: SafeFetcher;
  log: { warn(obj: unknown, msg?: string): void };
}

/**
 * The image proxy of DESIGN §11. A variant (content, version, width, kind)
 * is served from memory, else from the object store, else made: the original
 * is fetched once through the SSRF-guarded fetcher (and kept in the object
 * store for the other variants), its header checked before any decoding, then
 * resized and encoded with sharp. Concurrent requests for one variant share
 * one encode.
 */
export class ThumbnailService {
  private readonly memory = new Map<string, Variant>();
  private memoryBytes = 0;
  private readonly making = new Map<string, Promise<Variant>>();
  private readonly fetching = new Map<string, Promise<Buffer>>();
  private readonly failures = new Map<string, { error: ApiError; until: number }>();

  constructor(private readonly deps: ThumbnailServiceDeps) {}

  async variant(request: ThumbnailRequest, kind: VariantKind): Promise<Variant> {
    // Still the item's image? (From memory: a deleted item or a changed image is a 404, even when its variants are cached.)
    const item = await this.deps.catalog.item(request.contentId);
    if (!item?.thumbnail || new URL(item.thumbnail.url).searchParams.get('v') !== request.version) throw gone();
    const key = `thumbs/${request.contentId}/${request.version}-${request.width}-${kind}`;
    const cached = this.memory.get(key);
    if (cached) {
      // Refreshes its place: the map's order is least recently used first.
      this.memory.delete(key);
      this.memory.set(key, cached);
      return cached;
    }
    let making = this.making.get(key);
    if (!making) {
      making = this.load(key, request, kind).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }

  private async load(key: string, request: ThumbnailRequest, kind: VariantKind): Promise<Variant> {
    const stored = await this.deps.objects.get(key);
    const variant = stored ? toVariant(await readAll(stored.body), stored.contentType) : await this.make(key, request, kind);
    this.remember(key, variant);
    return variant;
  }

  private async make(key: string, request: ThumbnailRequest, kind: VariantKind): Promise<Variant> {
    const content = await findContent(this.deps.db, request.contentId);
    const thumbnail = content?.thumbnail;
    if (!thumbnail || thumbnail.width === null || thumbnail.height === null || versionOf(thumbnail.url) !== request.version) throw gone();
    const original = await this.original(request, thumbnail.url);
    // The real size decides (a page's og:image size may be wrong): never upscaled, never huge.
    const real = measureImage(original)!;
    if (real.width !== thumbnail.width || real.height !== thumbnail.height) await this.correctSize(request.contentId, thumbnail.url, real);
    const size = servedSize(real, request.width);
    let image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...size, fit: 'cover' });
    let contentType: string;
    if (kind === 'avif') [image, contentType] = [image.avif(AVIF), 'image/avif'];
    else if (kind === 'webp') [image, contentType] = [image.webp(WEBP), 'image/webp'];
    else if ((await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).hasAlpha)
      [image, contentType] = [image.png(), 'image/png'];
    else [image, contentType] = [image.jpeg(JPEG), 'image/jpeg'];
    let bytes: Buffer;
    try {
      bytes = await image.toBuffer();
    } catch (error) {
      throw badOrigin(`the original image could not be decoded (${(error as Error).message})`);
    }
    this.deps.meter.encoded(contentType.slice('image/'.length));
    await this.deps.objects.put(key, Readable.from([bytes]), contentType);
    return toVariant(bytes, contentType);
  }

  /** Stores the original's real size, so items advertise the size of the image actually served. */
  private async correctSize(contentId: string, url: string, real: { width: number; height: number }): Promise<void> {
    await this.deps.db
      .updateTable('contents')
      .set({ thumbnail_width: real.width, thumbnail_height: real.height })
      .where('id', '=', contentId)
      .where('thumbnail_url', '=', url)
      .execute();
    this.deps.catalog.forget(contentId);
  }

  /** The original image's bytes: from the object store, else fetched once (concurrent variants share the fetch) and kept there. */
  private original(request: ThumbnailRequest, url: string): Promise<Buffer> {
    const key = `thumbs/${request.contentId}/${request.version}-original`;
    const failed = this.failures.get(key);
    if (failed && failed.until > this.deps.clock.now()) return Promise.reject(failed.error);
    let fetching = this.fetching.get(key);
    if (!fetching) {
      fetching = this.loadOriginal(key, request, url)
        .catch((error: unknown) => {
          // A broken original is not fetched again by every browser that shows the item.
          if (error instanceof ApiError) this.rememberFailure(key, error);
          throw error;
        })
        .finally(() => this.fetching.delete(key));
      this.fetching.set(key, fetching);
    }
    return fetching;
  }

  private rememberFailure(key: string, error: ApiError): void {
    if (this.failures.size >= MAX_FAILURES) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(key, { error, until: this.deps.clock.now() + FAILURE_TTL_MS });
  }

  private async loadOriginal(key: string, request: ThumbnailRequest, url: string): Promise<Buffer> {
    const stored = await this.deps.objects.get(key);
    if (stored) return readAll(stored.body);
    let response;
    this.deps.meter.originalFetched();
    try {
      response = await this.deps.fetcher.fetch(url, {
        maxBytes: MAX_ORIGINAL_BYTES,
        headers: { accept: 'image/avif,image/webp,image/*;q=0.8' },
      });
    } catch (error) {
      this.deps.log.warn({ err: error, contentId: request.contentId }, 'thumbnail origin fetch failed');
      throw badOrigin('the original image could not be fetched');
    }
    if (response.status !== 200) throw badOrigin(`the original image's server answered ${response.status}`);
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== '' && !type.startsWith('image/') && type !== 'application/octet-stream')
      throw badOrigin(`the original is not an image (${type})`);
    // The header says how big it decodes: a bomb is refused here, before sharp sees it.
    const measured = measureImage(response.body);
    if (!measured) throw badOrigin('the original is not an image');
    // Raster formats only: SVG would be rendered by librsvg (scripts, external references, unbounded work).
    if (!RASTER_TYPES.has(measured.type)) throw badOrigin(`the original's format (${measured.type}) is not served as a thumbnail`);
    if (measured.width * measured.height > MAX_INPUT_PIXELS) {
      throw badOrigin(
        `the original image is too large to process (${measured.width} × ${measured.height} pixels; at most ` +
          `${MAX_INPUT_PIXELS.toLocaleString('en')})`,
      );
    }
    await this.deps.objects.put(key, Readable.from([response.body]), type.startsWith('image/') ? type : 'application/octet-stream');
    return response.body;
  }

  private remember(key: string, variant: Variant): void {
    this.memory.set(key, variant);
    this.memoryBytes += variant.bytes.length;
    for (const [oldKey, old] of this.memory) {
      if (this.memoryBytes <= MEMORY_CACHE_BYTES) break;
      this.memory.delete(oldKey);
      this.memoryBytes -= old.bytes.length;
    }
  }
}

function toVariant(bytes: Buffer, contentType: string): Variant {
  return { bytes, contentType, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"` };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const badOrigin = (detail: string): ApiError =>
  new ApiError(502, `Thumbnail unavailable: ${detail}.`, { headers: { 'cache-control': `public, max-age=${FAILURE_TTL_MS / 1000}` } });
const gone = (): ApiError =>
  errors.notFound('This content has no such thumbnail (it was removed or its image changed; take the URL from a fresh item).');
