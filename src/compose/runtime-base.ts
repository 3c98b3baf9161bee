import type pino from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';

/**
 * What every area's builder (src/compose/) is given by the composition root
 * (deps.ts): the configuration, the database it opened, the clock, the log and
 * the metrics registry. The backends chosen by URL scheme (Redis, NATS, S3…)
 * are chosen there and handed to the builders that use them.
 */
export interface RuntimeBase {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: pino.Logger;
  metrics: Registry;
}
