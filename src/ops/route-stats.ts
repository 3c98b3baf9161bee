import { Counter, type Metric, type Registry } from 'prom-client';

/** Upper bounds of `http_request_duration_seconds`, in seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * One route's (method and pattern) answers since start: a count by status and a
 * latency histogram, in plain numbers. Recording one costs a few array and map
 * updates; prom-client's labelled `inc` and `observe` hash the label set and
 * look the bucket up by its bound as a string on every call: with the label
 * cache's string keys that was 9 % of GET /v1/contents' JavaScript time
 * (`npx tsx bench/profile.ts`). The numbers become Prometheus text only when
 * /metrics is scraped.
 */
export class RouteStats {
  readonly byStatus = new Map<number, number>();
  /** Answers per latency bucket, not cumulative; the last counts those above every bound. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  record(status: number, seconds: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    this.buckets[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/**
 * Registers `http_requests_total` and `http_request_duration_seconds` on
 * `registry`, read from `stats` at each scrape.
 */
export function exportRouteStats(registry: Registry, stats: () => Iterable<RouteStats>): void {
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
