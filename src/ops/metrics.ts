import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { registerRequestMetrics } from '../metrics/request-metrics.js';
import { RouteStats } from './route-stats.js';

/**
 * Requests by route pattern and status, and a latency histogram, for every
 * response: each route records into its own RouteStats from a hook of its own,
 * so a request resolves no label set; requests no route matched (404, 405) are
 * recorded under `unmatched`.
 */
export function installRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const all: RouteStats[] = [];
  const statsFor = (method: string, route: string) => {
    const stats = new RouteStats(method, route);
    all.push(stats);
    return stats;
  };
  registerRequestMetrics(registry, () => all);

  app.addHook('onRoute', (route) => {
    // The pattern, never the raw URL: ids in paths would explode the label set.
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const byMethod = new Map(methods.map((method) => [method.toUpperCase(), statsFor(method.toUpperCase(), route.url)]));
    const record = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      byMethod.get(request.method)?.record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...(route.onResponse === undefined ? [] : [route.onResponse].flat()), record];
  });

  const unmatched = new Map<string, RouteStats>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let stats = unmatched.get(request.method);
      if (!stats) unmatched.set(request.method, (stats = statsFor(request.method, 'unmatched')));
      stats.record(reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
