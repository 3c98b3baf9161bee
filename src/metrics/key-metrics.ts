import { Counter, type Registry } from 'prom-client';

/** api_key_lookups_total: the key cache's misses. */
export function keyLookupCounter(metrics: Registry): Counter {
  return new Counter({
    name: 'api_key_lookups_total',
    help: 'API keys looked up in the database (key cache misses; malformed keys never are).',
    registers: [metrics],
  });
}
