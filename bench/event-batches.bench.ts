import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { applyEventBatch } from '../src/events/apply-event-batch.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { withDatabase, type BenchBackend } from './lib/backends.js';

const SIZES = [2, 10, 40, 200];
const EVENTS_PER_ROUND = 2000;
const ROUNDS = 4;

/**
 * What applying an event costs by the size of the batch it is applied in
 * (issue 15): the processor's CPU per event (this process: the statements' SQLite
 * work on a file, or the client's side on PostgreSQL, whose server CPU is not counted
 * here) at batch sizes 2, 10, 40 and 200, in alternating rounds of 2,000 events
 * (a third clicks, the rest impressions; 5,000 users, 20,000 items). App traffic
 * wakes the processor per request of 1–3 events: event-processor.ts's SETTLE_MS
 * lets a batch gather first.
 */
export async function eventBatchesBench(_seconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, async (database) => {
    const { db, kind, close } = openDatabase(database.url);
    try {
      await migrateToLatest(db);
      const now = Date.now();
      let seq = 0;
      const perEvent = new Map<number, number[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const size of SIZES) {
          const rows = Array.from({ length: EVENTS_PER_ROUND }, () => {
            seq++;
            return {
              tenant_id: 'ten_bench',
              dedupe_key: `k${seq}`,
              type: seq % 3 === 0 ? 'click' : 'impression',
              session_id: `s${seq % 700}`,
              user_id: `user_${seq % 5000}`,
              content_id: `cnt_${seq % 20_000}`,
              channel: 'feed',
              scenario: 'bench',
              position: seq % 20,
              occurred_at: now,
              received_at: now,
              metadata: null,
              features: null,
              experiment_id: null,
              variant: null,
            };
          });
          for (let i = 0; i < rows.length; i += 200)
            await db
              .insertInto('events')
              .values(rows.slice(i, i + 200))
              .execute();
          const before = process.cpuUsage();
          for (let applied = 0; applied < EVENTS_PER_ROUND;) applied += (await applyEventBatch(db, kind, now, size)).count;
          const used = process.cpuUsage(before);
          perEvent.set(size, [...(perEvent.get(size) ?? []), (used.user + used.system) / EVENTS_PER_ROUND]);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return SIZES.map((size) => ({
        name: `apply events in batches of ${size}: CPU per event (median of ${ROUNDS} alternating rounds)`,
        value: `${median(perEvent.get(size)!).toFixed(0)} µs (rounds ${perEvent
          .get(size)!
          .map((us) => us.toFixed(0))
          .join(', ')})`,
      }));
    } finally {
      await close();
    }
  });
}
