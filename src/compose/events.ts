import type { ChangeBus } from '../changes/change-bus.js';
import { EventLog } from '../events/event-log.js';
import { EventProcessor } from '../events/event-processor.js';
import { LogEventBatches } from '../events/log-event-batches.js';
import type { NatsEventLog } from '../events/nats-event-log.js';
import type { SqliteEventWriter } from '../events/sqlite-event-writer.js';
import { eventLagSummary } from '../metrics/index.js';
import { eventBatches } from '../runtime-threads.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * Events: where accepted events wait (a JetStream stream when the root connected
 * one, else the database's `events` table, written through the SQLite writer
 * thread when there is one) and the processor that applies them.
 */
export function buildEvents(
  { config, database, clock, log, metrics }: RuntimeBase,
  parts: { changes: ChangeBus; natsLog: NatsEventLog | null; writer: SqliteEventWriter | null; onWorkerThread: boolean },
) {
  const { changes, natsLog, writer, onWorkerThread } = parts;
  // Event POSTs and usage flushes wait while another connection holds the lock: said while it lasts.
  if (writer) writer.onLockWait = (waitedMs) => log.warn({ waitedMs }, 'SQLite writer thread waiting for the write lock');
  const lag = eventLagSummary(metrics);
  const batches = natsLog
    ? new LogEventBatches(database.db, natsLog, () => events.wake(), log)
    : eventBatches(config, database, log, onWorkerThread);
  const events = new EventProcessor(database.db, batches, clock, log, lag, changes);
  const eventLog = natsLog ?? new EventLog(database.db, database.kind, () => events.wake(), writer);
  return { events, eventLog };
}
