import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { exportRouteStats, RouteStats } from './route-stats.js';

/**
 * A registry per app (not prom-client's global one) so tests can build many apps:
 * prom-client's default metrics, and the event-loop delay of the thread that
 * calls this (the HTTP thread) since the previous scrape.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const delay = eventLoopDelaySinceLastScrape();
  new Gauge({
    name: 'event_loop_delay_p99_seconds',
    help: "99th percentile of the HTTP thread's event-loop delay since the previous scrape (1 ms resolution).",
    registers: [registry],
    collect() {
      this.set(delay().p99);
    },
  });
  new Gauge({
    name: 'event_loop_delay_max_seconds',
    help: "Longest event-loop delay of the HTTP thread since the previous scrape (1 ms resolution).",
    registers: [registry],
    collect() {
      this.set(delay().max);
    },
  });
  return registry;
}

/**
 * The event-loop delay, in seconds, over a window that each scrape closes:
 * prom-client's `nodejs_eventloop_lag_*` cover the whole life of the process, in
 * which a stall of a few seconds an hour ago and one now look the same. The first
 * gauge read in a scrape takes the window's numbers and resets the histogram; the
 * other gauge, read in the same turn, gets the same numbers. Each sample is the
 * time between two ticks of a 1 ms timer, so an idle loop reads ≈ 1 ms; Node does
 * not record the tick interval in which the histogram was reset (≈ 1 ms after
 * each scrape goes unseen).
 */
function eventLoopDelaySinceLastScrape(): () => { p99: number; max: number } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let taken: { p99: number; max: number } | null = null;
  return () => {
    if (taken) return taken;
    // Nanoseconds; both are 0 when no sample was taken (the window was shorter than the resolution).
    taken = { p99: histogram.percentile(99) / 1e9, max: histogram.max / 1e9 };
    histogram.reset();
    // A scrape reads every metric in one synchronous pass: the next scrape reads afresh.
    queueMicrotask(() => {
      taken = null;
    });
    return taken;
  };
}

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
  exportRouteStats(registry, () => all);

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
