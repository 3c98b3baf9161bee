import { Counter, type Registry } from 'prom-client';
import type { ThumbnailMeter } from '../thumbnails/thumbnail-service.js';

/** The thumbnail proxy's: thumbnails_encoded_total by format, thumbnail_originals_fetched_total. */
export function thumbnailMeter(metrics: Registry): ThumbnailMeter {
  const encoded = new Counter({
    name: 'thumbnails_encoded_total',
    help: 'Thumbnail variants encoded (cache misses everywhere).',
    labelNames: ['format'],
    registers: [metrics],
  });
  const originals = new Counter({
    name: 'thumbnail_originals_fetched_total',
    help: 'Original images fetched from their origin.',
    registers: [metrics],
  });
  return {
    encoded(format) {
      encoded.inc({ format });
    },
    originalFetched() {
      originals.inc();
    },
  };
}
