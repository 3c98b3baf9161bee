import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { eventLoopDelaySinceLastScrape } from '../ops/event-loop-delay.js';

/**
 * A registry per runtime (not prom-client's global one, so tests can build many
 * apps): prom-client's default metrics, and the event-loop delay of the thread
 * that calls this (the HTTP thread) since the previous scrape.
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
    help: 'Longest event-loop delay of the HTTP thread since the previous scrape (1 ms resolution).',
    registers: [registry],
    collect() {
      this.set(delay().max);
    },
  });
  return registry;
}
