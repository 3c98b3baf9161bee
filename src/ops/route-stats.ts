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
