import { openDatabase } from '../../src/db/connect.js';
import { takeTrainingLease } from '../../src/learning/model-store.js';
import { trainTenant } from '../../src/learning/train-tenant.js';
import { requiredEnv } from '../lib/bench-service.js';

/**
 * One training of FEED_TENANT_ID on BENCH_DATABASE_URL, as a worker runs it,
 * alone in this process so its memory is its own: prints the report with the
 * process's peak RSS and the RSS it started from, as JSON on one line.
 */
const handle = openDatabase(requiredEnv('BENCH_DATABASE_URL'));
const tenantId = requiredEnv('FEED_TENANT_ID');
// As the trainer does: the lease row first (a training stores the next version under it).
await takeTrainingLease(handle.db, tenantId, Date.now(), Date.now() + 3_600_000);
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const report = await trainTenant(handle.db, tenantId, Date.now());
const totalMs = performance.now() - started;
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    ...report,
    totalMs: Math.round(totalMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssBeforeMb: Math.round(rssBefore / 1e6),
    peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6),
  }),
);
await handle.close();
