import type { ContentCatalog } from '../content/content-catalog.js';
import { USER_AGENT } from '../crawl/crawler.js';
import { SafeFetcher, type SafeFetcherOptions } from '../fetch/safe-fetcher.js';
import { thumbnailMeter } from '../metrics/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { MAX_ORIGINAL_BYTES, ThumbnailService } from '../thumbnails/thumbnail-service.js';
import type { RuntimeBase } from './runtime-base.js';

/** The thumbnail proxy: originals fetched as the crawler fetches (at most MAX_ORIGINAL_BYTES), variants kept in the object store. */
export function buildThumbnails(
  { config, database, clock, log, metrics }: RuntimeBase,
  parts: { catalog: ContentCatalog; objects: ObjectStore; inProcessSites: SafeFetcherOptions['inProcessSites'] },
): ThumbnailService {
  return new ThumbnailService({
    meter: thumbnailMeter(metrics),
    db: database.db,
    clock,
    catalog: parts.catalog,
    objects: parts.objects,
    fetcher: new SafeFetcher({
      allowPrivateNetwork: config.allowPrivateNetworkFetch,
      userAgent: USER_AGENT,
      timeoutMs: config.crawl.fetchTimeoutMs,
      maxBytes: MAX_ORIGINAL_BYTES,
      inProcessSites: parts.inProcessSites,
    }),
    log,
  });
}
