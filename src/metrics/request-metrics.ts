import { Counter, type Metric, type Registry } from 'prom-client';
import { LATENCY_BUCKETS, type RouteStats } from '../ops/route-stats.js';

/**
 * `http_requests_total` and `http_request_duration_seconds`, read from each
 * route's RouteStats (ops/route-stats.ts) at each scrape.
 */
export function registerRequestMetrics(registry: Registry, stats: () => Iterable<RouteStats>): void {
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      // Totals since start, so a reset between scrapes cannot lose counts.
      this.reset();
      for (const s of stats()) {
        for (const [status, n] of s.byStatus) this.inc({ method: s.method, route: s.route, status }, n);
      }
    },
  });
  registry.registerMetric(latencyHistogram(stats) as unknown as Metric);
}

/**
 * A histogram as prom-client's Registry reads one (`name`, `help`, `type` and
 * `get()`, the same values a prom-client Histogram gives): prom-client has no
 * way to fill a Histogram from counts kept elsewhere.
 */
function latencyHistogram(stats: () => Iterable<RouteStats>) {
  const name = 'http_request_duration_seconds';
  return {
    name,
    help: 'Time from request received to response sent, by method and route pattern.',
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    async get() {
      const values: { value: number; labels: Record<string, string | number>; metricName: string }[] = [];
      for (const s of stats()) {
        if (s.count === 0) continue;
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({ value: cumulative, labels: { le, ...labels }, metricName: `${name}_bucket` });
        });
        values.push({ value: s.count, labels: { le: '+Inf', ...labels }, metricName: `${name}_bucket` });
        values.push({ value: s.sum, labels, metricName: `${name}_sum` });
        values.push({ value: s.count, labels, metricName: `${name}_count` });
      }
      return { name, help: this.help, type: this.type, aggregator: this.aggregator, values };
    },
    reset() {
      for (const s of stats()) {
        s.buckets.fill(0);
        s.sum = 0;
        s.count = 0;
      }
    },
  };
}
