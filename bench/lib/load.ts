import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Requests sent (with `overallRate`, fewer than offered when answers are slow). */
  sent: number;
}

/** Closed-loop load (N connections, as fast as answers come), or a fixed offered rate with `overallRate`. */
export async function runLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  overallRate?: number;
  method?: 'GET' | 'POST';
  /** Builds each request's body (so bodies can differ, e.g. unique events). */
  body?: () => string;
  /** Builds each request's path (so queries can differ, e.g. random users). */
  path?: () => string;
}): Promise<LoadResult> {
  const vary = options.body ?? options.path;
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    ...(options.method ? { method: options.method } : {}),
    requests: vary
      ? [
          {
            method: options.method ?? (options.body ? 'POST' : 'GET'),
            setupRequest: (req: any) => ({
              ...req,
              ...(options.body && { body: options.body() }),
              ...(options.path && { path: options.path() }),
            }),
          },
        ]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    sent: result.requests.sent,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians of several runs (this shared VM drifts ±30 % between runs), and all their failures. */
export function summariseRuns(runs: LoadResult[]) {
  return {
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50Ms)),
    p99: median(runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

export function formatRuns(s: ReturnType<typeof summariseRuns>): string {
  return `${Math.round(s.rps)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, non-2xx ${s.non2xx}`;
}
