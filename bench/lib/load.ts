import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
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
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    ...(options.method ? { method: options.method } : {}),
    requests: options.body ? [{ method: options.method ?? 'POST', setupRequest: (req: any) => ({ ...req, body: options.body!() }) }] : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
