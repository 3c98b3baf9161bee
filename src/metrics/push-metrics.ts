import { Counter, Histogram, type Registry } from 'prom-client';
import type { PushJobMeter } from '../push/push-worker.js';

/** The push worker's: push_jobs_total by outcome, push_job_duration_seconds of completed runs. */
export function pushMeter(metrics: Registry): PushJobMeter {
  const finished = new Counter({
    name: 'push_jobs_total',
    help: 'Push job runs ended here, by outcome.',
    labelNames: ['status'],
    registers: [metrics],
  });
  const duration = new Histogram({
    name: 'push_job_duration_seconds',
    help: 'Wall time of completed push job runs.',
    buckets: [1, 5, 15, 30, 60, 120, 300, 600],
    registers: [metrics],
  });
  return {
    runEnded(outcome, seconds) {
      if (outcome === 'completed') duration.observe(seconds);
      finished.inc({ status: outcome });
    },
  };
}
