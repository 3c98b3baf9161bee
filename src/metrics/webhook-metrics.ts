import { Counter, Histogram, type Registry } from 'prom-client';
import type { WebhookMeter } from '../webhooks/webhook-dispatcher.js';

/** The webhook dispatcher's: webhook_deliveries_total by outcome, webhook_attempt_duration_seconds by result. */
export function webhookMeter(metrics: Registry): WebhookMeter {
  const settled = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook deliveries settled, by outcome (delivered, failed, cancelled).',
    labelNames: ['outcome'],
    registers: [metrics],
  });
  const durations = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Time of one webhook attempt, by result (delivered, retry, final).',
    labelNames: ['result'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics],
  });
  return {
    settled(outcome) {
      settled.inc({ outcome });
    },
    attempted(result, seconds) {
      durations.observe({ result }, seconds);
    },
  };
}
