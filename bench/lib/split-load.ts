import autocannon from 'autocannon';

export interface SplitLoadResult {
  /** Responses received. */
  answers: number;
  requestsPerSecond: number;
  /** Answers per second from each node, in the order of `bases`. */
  perNode: number[];
  /** Exact percentiles over every answer (autocannon's own are whole milliseconds). */
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  sent: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * One autocannon run spread evenly over several nodes, as a load balancer with
 * round-robin connections would: connection i goes to node i mod n, and with
 * `overallRate` each connection gets its share of the rate. Latencies of every
 * answer are kept (from autocannon's `response` events), so percentiles are over
 * both nodes together, not an average of two.
 */
export async function runSplitLoad(options: {
  /** Base URLs (http://host:port) of the nodes. */
  bases: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  overallRate?: number;
  method: 'GET' | 'POST';
  /** Builds each request's path. */
  path: () => string;
  /** Builds each request's body. */
  body?: () => string;
}): Promise<SplitLoadResult> {
  const latencies: number[] = [];
  const answers = new Map<string, number>();
  // Without a callback autocannon returns its event emitter, made thenable (its types only say Promise).
  const instance = autocannon({
    // autocannon accepts a list of URLs and assigns connections to them in turn.
    url: options.bases as unknown as string,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    method: options.method,
    requests: [
      {
        method: options.method,
        setupRequest: (req: any) => ({ ...req, path: options.path(), ...(options.body && { body: options.body() }) }),
      },
    ],
  }) as unknown as Promise<autocannon.Result> & { on(event: 'response', listener: (...args: any[]) => void): void };
  instance.on('response', (client: any, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    const origin = `http://${client.opts.hostname}:${client.opts.port}`;
    answers.set(origin, (answers.get(origin) ?? 0) + 1);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  const seconds = result.duration;
  return {
    answers: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    perNode: options.bases.map((b) => (answers.get(new URL(b).origin) ?? 0) / seconds),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    sent: result.requests.sent,
  };
}
