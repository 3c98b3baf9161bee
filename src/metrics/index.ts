/**
 * Every Prometheus metric of the service, in this folder: names, help, labels
 * and buckets, a file per area (/metrics is documented in docs/operations.md).
 * The composition root (deps.ts) makes the registry and hands each part a small
 * recorder (crawlMeter, pushMeter…) or registers gauges read from it at each
 * scrape; the app (app.ts) adds the request metrics and the pipeline's queues.
 * No other file makes a metric; workers/background-thread.ts merges serve's
 * worker thread's registry into the HTTP thread's. /metrics lists them in the
 * order they are registered.
 */
export { createMetricsRegistry } from './registry.js';
export { keyLookupCounter } from './key-metrics.js';
export { eventLagSummary } from './event-metrics.js';
export { rankingMeter } from './ranking-metrics.js';
export { crawlMeter } from './crawl-metrics.js';
export { pushMeter } from './push-metrics.js';
export { webhookMeter } from './webhook-metrics.js';
export { thumbnailMeter } from './thumbnail-metrics.js';
export { registerRuntimeGauges } from './runtime-gauges.js';
export { registerPipelineGauges } from './pipeline-gauges.js';
export { registerRequestMetrics } from './request-metrics.js';
