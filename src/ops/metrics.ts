import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A registry per app (not prom-client's global one) so tests can build many apps. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Requests by route pattern and status, and a latency histogram, for every response. */
export function installRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to response sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Label children cached per method + route (+ status): resolving labels on
  // every request was the largest cost of this hook.
  const latencyByRoute = new Map<string, ReturnType<typeof latency.labels>>();
  const countByRoute = new Map<string, ReturnType<typeof requests.labels>>();
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${route}`;
    let timer = latencyByRoute.get(key);
    if (!timer) latencyByRoute.set(key, (timer = latency.labels(request.method, route)));
    const countKey = `${key} ${reply.statusCode}`;
    let counter = countByRoute.get(countKey);
    if (!counter) countByRoute.set(countKey, (counter = requests.labels(request.method, route, String(reply.statusCode))));
    counter.inc();
    timer.observe(reply.elapsedTime / 1000);
  });
}
