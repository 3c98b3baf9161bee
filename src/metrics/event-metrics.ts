import { Summary, type Registry } from 'prom-client';

/** event_processing_lag_seconds: from 202 to the event's effect committed. */
export function eventLagSummary(metrics: Registry): Summary {
  return new Summary({
    name: 'event_processing_lag_seconds',
    help: 'Time from an event being accepted (202) to its effect being committed.',
    percentiles: [0.5, 0.9, 0.99],
    maxAgeSeconds: 60,
    ageBuckets: 5,
    registers: [metrics],
  });
}
